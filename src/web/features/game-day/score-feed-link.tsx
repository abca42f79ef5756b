/**
 * D39 on game day (docs/decisions/036): "Link to a real game" (league and date, search, choose a
 * game, one-click or automatic confirmation), and once linked the live score, the periods the
 * feed entered with a one-click Confirm each, and anything the feed now says differently.
 */
import type { GameDayView } from '@core/api/game-day';
import type { FeedGameInfo } from '@core/api/score-feed';
import { dateInZone, formatGameTime } from '@core/game-time';
import { periodModel, periodWinningsLabel } from '@core/periods';
import { FEED_LEAGUE_INFO, FEED_LEAGUES, type FeedLeague, liveScoreLabel, type LiveScore, SCORE_FEED_TEXTS } from '@core/score-feed';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { selectClassName } from '@/components/choice-cards';
import { FormField } from '@/components/form-field';
import { gameDayErrorText } from './game-day-payout';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { type FeedStatus, useFeedSearch, useFeedStatus, useLinkFeed, useUnlinkFeed } from './score-feed';
import { countOf } from '@core/text';

const MODES = [
  { value: false, label: "Confirm each period's score myself (one click)" },
  { value: true, label: 'Confirm automatically' },
] as const;

/** The game's zone, else the browser's: the day the search is about. */
function searchZone(game: GameDayView['game']): string {
  return game.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A failed search: its cause from the server when it gave one, and that scores can still be typed. */
function searchFailedText(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'FEED_UNAVAILABLE' || error.code === 'FEED_OFF')) return error.message;
  return SCORE_FEED_TEXTS.searchFailed(null);
}

function feedGameLabel(game: FeedGameInfo, zone: string | null): string {
  const score = game.state === 'pre' ? '' : ` (${game.away.score ?? 0}-${game.home.score ?? 0})`;
  const when = game.state === 'pre' ? formatGameTime(game.starts_at, zone) : game.completed ? 'Final' : 'In progress';
  return `${game.away.name} at ${game.home.name}${score} · ${when}`;
}

/** The feed's status and link; `headingLevel` h3 where it sits inside the admin page's Game day section. */
export function ScoreFeedPanel({ view, headingLevel: Heading = 'h2' }: { view: GameDayView; headingLevel?: 'h2' | 'h3' }) {
  const status = useFeedStatus(view.game.id);
  const headingId = useId();
  const data = status.data;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4" data-testid="score-feed">
      <Heading id={headingId} className="text-base font-semibold">
        Live score feed
      </Heading>
      {!data ? (
        <p className="text-sm text-muted-foreground">{status.isError ? 'The live score feed could not be loaded.' : 'Loading...'}</p>
      ) : !data.enabled ? (
        <p className="text-sm text-muted-foreground" data-testid="score-feed-off">
          The live score feed is off on this server (SCORE_FEED=off). Enter each period's score by hand below.
        </p>
      ) : data.link ? (
        <LinkedFeed view={view} status={data} />
      ) : (
        <LinkForm view={view} />
      )}
    </section>
  );
}

function LinkedFeed({ view, status }: { view: GameDayView; status: FeedStatus }) {
  const { game } = view;
  const model = periodModel(game.game_type);
  const link = status.link!;
  const unlink = useUnlinkFeed(game.id);
  const [changing, setChanging] = useState(false);
  const live = link.live as LiveScore | null;
  const noNumbers = view.numbers === null;
  if (changing) return <LinkForm view={view} initialAuto={link.auto_confirm} onDone={() => setChanging(false)} />;

  return (
    <div className="flex flex-col gap-3 text-sm">
      {status.message && <p className="rounded-md border border-warning bg-warning/10 p-2">{status.message}</p>}
      <p data-testid="score-feed-linked">
        Following the real game on the {FEED_LEAGUE_INFO[link.league].label} feed:{' '}
        <span className="font-semibold">
          {game.team_a} {live?.team_a_score ?? '–'}, {game.team_b} {live?.team_b_score ?? '–'}
        </span>
        {live && <span> · {liveScoreLabel(live, model)}</span>}
      </p>
      <p data-testid="score-feed-sides">{SCORE_FEED_TEXTS.sides(game.team_a, game.team_b, status.team_a_home)}</p>
      <p className="text-muted-foreground">
        {link.auto_confirm ? "Each period's score is confirmed automatically." : "Each period's score is entered by the feed; you confirm it with one click."}{' '}
        Entering a score by hand always wins over the feed.
      </p>
      {noNumbers && status.entries.some((entry) => !entry.confirmed) && (
        <p className="rounded-md border border-warning bg-warning/10 p-2" data-testid="score-feed-waits">
          The numbers are not drawn yet: a period's score can be confirmed only after the draw.
        </p>
      )}
      {status.note && !noNumbers && <p className="rounded-md border border-warning bg-warning/10 p-2">{status.note}</p>}
      {status.error && (
        <p role="status" className="text-destructive" data-testid="score-feed-error">
          {status.error}. Trying again{status.next_poll_at ? ` at ${formatGameTime(status.next_poll_at, game.time_zone, { near: new Date() })}` : ''} (
          {countOf(status.failures, 'failure')} in a row).
        </p>
      )}
      {status.entries.some((entry) => !entry.confirmed) && <p className="text-muted-foreground">{SCORE_FEED_TEXTS.entriesHint}</p>}
      {status.entries.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Scores entered by the feed" data-testid="score-feed-entries">
          {status.entries.map((entry) => (
            <li key={entry.period} className="rounded-md border p-2">
              <span>
                <span className="font-semibold">{periodWinningsLabel(model, entry.period)}</span>: {game.team_a} {entry.team_a_score}, {game.team_b}{' '}
                {entry.team_b_score}
                {entry.confirmed ? (
                  <span className="text-muted-foreground"> · confirmed</span>
                ) : (
                  <span className="text-muted-foreground"> · entered by the feed</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {status.differs.map((differ) => (
        <p key={differ.period} className="rounded-md border border-warning bg-warning/10 p-2" data-testid="score-feed-differs">
          The feed now says the {periodWinningsLabel(model, differ.period)} ended {differ.feed.team_a_score}-{differ.feed.team_b_score}; the confirmed score is{' '}
          {differ.confirmed.team_a_score}-{differ.confirmed.team_b_score}. The feed never changes a confirmed score: correct it by hand if it is wrong.
        </p>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
          Change linked game
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={unlink.isPending}
          onClick={() =>
            void unlink.mutateAsync(undefined).then(
              () => toast.success('The game no longer follows the live score feed.'),
              (error: unknown) => toast.error(gameDayErrorText(error, 'The game could not be unlinked.')),
            )
          }
        >
          Unlink
        </Button>
      </div>
    </div>
  );
}

function LinkForm({ view, initialAuto = false, onDone }: { view: GameDayView; initialAuto?: boolean; onDone?: () => void }) {
  const { game } = view;
  const id = useId();
  const kinds = FEED_LEAGUES.filter((league) => FEED_LEAGUE_INFO[league].periods === periodModel(game.game_type).periods.length);
  const [league, setLeague] = useState<FeedLeague>(kinds.find((league) => FEED_LEAGUE_INFO[league].gameType === game.game_type) ?? kinds[0]!);
  // The kickoff's date in the game's zone (today there without a kickoff): the day the admin means.
  const [date, setDate] = useState(() => dateInZone(game.kickoff_at ?? new Date().toISOString(), searchZone(game)));
  const [chosen, setChosen] = useState<string | null>(null);
  const [auto, setAuto] = useState(initialAuto);
  const [open, setOpen] = useState(onDone !== undefined);
  const search = useFeedSearch();
  const link = useLinkFeed(game.id);
  const games = search.data?.games ?? null;

  if (!open) {
    return (
      <div className="flex flex-col items-start gap-2 text-sm">
        <p className="text-muted-foreground">
          Follow the real game: its teams are filled in, the live score shows on the board and each period's score is entered by itself.
        </p>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Link to a real game
        </Button>
      </div>
    );
  }

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setChosen(null);
    search.mutate({ league, date, timeZone: searchZone(game) });
  }

  async function onLink() {
    const listed = games?.find((option) => option.event_id === chosen);
    if (!listed) return;
    try {
      const status = await link.mutateAsync({
        league,
        // The feed's own day the game is listed on, which may differ from the local date searched.
        date: listed.feed_date,
        event_id: listed.event_id,
        auto_confirm: auto,
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      toast.success(status.message ?? 'Linked to the real game.');
      onDone?.();
    } catch (error) {
      toast.error(gameDayErrorText(error, 'The game could not be linked.'));
    }
  }

  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="score-feed-form">
      <form onSubmit={onSearch} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <FormField id={`${id}-league`} label="League">
          <select id={`${id}-league`} className={selectClassName} value={league} onChange={(event) => setLeague(event.target.value as FeedLeague)}>
            {kinds.map((option) => (
              <option key={option} value={option}>
                {FEED_LEAGUE_INFO[option].label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-date`} label="Date">
          <Input id={`${id}-date`} type="date" required value={date} onChange={(event) => setDate(event.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" disabled={search.isPending}>
          {search.isPending ? 'Searching...' : 'Search'}
        </Button>
      </form>
      <p role="status" className="text-muted-foreground" data-testid="score-feed-search-status">
        {search.isError
          ? searchFailedText(search.error)
          : games === null
            ? ''
            : games.length === 0
              ? 'No games on the feed for this league and date.'
              : `${countOf(games.length, 'game')} found.`}
      </p>
      {games !== null && games.length > 0 && (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 font-medium">Choose the game</legend>
          {games.map((option) => (
            <label
              key={option.event_id}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border p-2 has-[:checked]:border-primary has-[:checked]:bg-accent"
            >
              <input
                type="radio"
                name={`${id}-game`}
                value={option.event_id}
                checked={chosen === option.event_id}
                onChange={() => setChosen(option.event_id)}
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">{feedGameLabel(option, game.time_zone)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 font-medium">Each period's score</legend>
        {MODES.map((mode) => (
          <label key={String(mode.value)} className="flex min-h-11 cursor-pointer items-center gap-2">
            <input type="radio" name={`${id}-mode`} checked={auto === mode.value} onChange={() => setAuto(mode.value)} />
            {mode.label}
          </label>
        ))}
      </fieldset>
      <p className="text-muted-foreground">{SCORE_FEED_TEXTS.linkSides}</p>
      <div className="flex flex-wrap gap-2">
        <Button disabled={!chosen || link.isPending} onClick={() => void onLink()}>
          {link.isPending ? 'Linking...' : 'Link game'}
        </Button>
        <Button variant="ghost" onClick={() => (onDone ? onDone() : setOpen(false))}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

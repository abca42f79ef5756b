/**
 * ESPN's public scoreboard JSON (`/apis/site/v2/sports/{sport}/{league}/scoreboard?dates=YYYYMMDD`)
 * read into the feed's games (score-feed.ts), defensively: only the fields used are checked, an
 * event that lacks them is skipped, and a body that is not a scoreboard is an error the caller
 * reports (never a crash).
 */
import { z } from 'zod';
import { FEED_FAILURES, type FeedGame, type FeedTeam } from './score-feed';
import { validateText } from './text';

/** The longest clock ("12:34", "0.4") and status name ("STATUS_END_PERIOD") kept from the feed. */
export const FEED_CLOCK_MAX = 20;
export const FEED_STATUS_MAX = 60;
const FEED_NAME_MAX = 100;

/**
 * A text from the feed as the pool shows it: normalized, within `max` characters and holding no
 * character the text rule refuses (core/text.ts: controls, bidi overrides, invisible ones);
 * null when it breaks the rule (the caller drops it).
 */
export function feedText(raw: string, max: number): string | null {
  if (raw === '') return '';
  const checked = validateText(raw, { maxLength: max, messages: { tooLong: 'too long', notAllowed: 'not allowed' } });
  return checked.ok ? checked.value : null;
}

/** A value of the feed left out because it broke the text rule: which event and field (the value is not repeated). */
export interface DroppedFeedValue {
  readonly eventId: string;
  readonly field: 'clock' | 'status' | 'team' | 'abbreviation';
}

const text = z.string().max(1000);
/** ESPN sends scores as strings ("21"), line scores as numbers (7 or 7.0). */
const points = z
  .union([z.number(), z.string().regex(/^\d{1,4}$/)])
  .transform(Number)
  .pipe(z.number().int().min(0).max(9999));

const competitorSchema = z.object({
  homeAway: z.enum(['home', 'away']),
  score: points.optional().catch(undefined),
  team: z.object({
    displayName: text,
    abbreviation: z.string().max(1000).optional().catch(undefined),
    shortDisplayName: z.string().max(1000).optional().catch(undefined),
  }),
  linescores: z
    .array(z.object({ value: points }))
    .optional()
    .catch(undefined),
});

const statusSchema = z.object({
  period: z.number().int().min(0).max(20).catch(0),
  displayClock: z.string().max(1000).catch(''),
  type: z.object({
    name: z.string().max(1000),
    state: z.enum(['pre', 'in', 'post']),
    completed: z.boolean().catch(false),
  }),
});

const eventSchema = z.object({
  id: z.string().regex(/^\d{1,20}$/),
  date: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
  status: statusSchema.optional(),
  competitions: z
    .array(
      z.object({
        status: statusSchema.optional(),
        competitors: z.array(competitorSchema).length(2),
      }),
    )
    .min(1),
});

const scoreboardSchema = z.object({ events: z.array(z.unknown()).max(1000) });

export class FeedFormatError extends Error {
  override name = 'FeedFormatError';
}

type Drop = (field: DroppedFeedValue['field']) => void;

/** A team as the pool shows it; null when its name breaks the text rule (the event is left out). */
function toTeam(competitor: z.infer<typeof competitorSchema>, drop: Drop): FeedTeam | null {
  const name = feedText(competitor.team.displayName, FEED_NAME_MAX);
  if (!name) {
    drop('team');
    return null;
  }
  const optional = (raw: string | undefined, field: DroppedFeedValue['field'] | null) => {
    const value = feedText(raw ?? '', FEED_NAME_MAX);
    if (value === null && field) drop(field);
    return value ?? '';
  };
  return {
    name,
    abbreviation: optional(competitor.team.abbreviation, 'abbreviation'),
    shortName: optional(competitor.team.shortDisplayName, null),
    score: competitor.score ?? null,
    periods: (competitor.linescores ?? []).map((line) => line.value),
  };
}

/** One event, or null when it lacks what a game needs (it is left out of the list). */
function parseEspnEvent(raw: unknown, onDropped: (dropped: DroppedFeedValue) => void): FeedGame | null {
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) return null;
  const event = parsed.data;
  const drop: Drop = (field) => onDropped({ eventId: event.id, field });
  const competition = event.competitions[0]!;
  const status = competition.status ?? event.status;
  if (!status) return null;
  const home = competition.competitors.find((c) => c.homeAway === 'home');
  const away = competition.competitors.find((c) => c.homeAway === 'away');
  if (!home || !away) return null;
  const homeTeam = toTeam(home, drop);
  const awayTeam = toTeam(away, drop);
  if (!homeTeam || !awayTeam) return null;
  // A clock or status that breaks the text rule is dropped, never shown: the board says the period alone.
  const clock = feedText(status.displayClock, FEED_CLOCK_MAX);
  if (clock === null) drop('clock');
  const statusName = feedText(status.type.name, FEED_STATUS_MAX);
  if (statusName === null) drop('status');
  return {
    id: event.id,
    startsAt: new Date(event.date).toISOString(),
    state: status.type.state,
    status: statusName ?? '',
    completed: status.type.completed,
    period: status.period,
    clock: clock ?? '',
    home: homeTeam,
    away: awayTeam,
  };
}

/**
 * A scoreboard's games; FeedFormatError when the body is not a scoreboard at all. `onDropped`
 * hears of each value left out because it broke the text rule (the server logs it).
 */
export function parseEspnScoreboard(body: unknown, onDropped: (dropped: DroppedFeedValue) => void = () => undefined): FeedGame[] {
  const parsed = scoreboardSchema.safeParse(body);
  if (!parsed.success) throw new FeedFormatError(FEED_FAILURES.notScoreboard);
  return parsed.data.events.map((event) => parseEspnEvent(event, onDropped)).filter((game): game is FeedGame => game !== null);
}

/**
 * The game-day controls (spec "Game Day Controls screen"; D19, D20): card "Four Quarter Mode"
 * with the tabs Score Entry, Results & Payouts and Grid Selection (the last one chosen is
 * remembered per game for the browser session; default Score Entry) and the notice shown while
 * winners and payouts are processed. Used by /admin/games/:id/game-day and, under the board,
 * by /admin/game/:id, whose one board picks the winners itself (without the Grid Selection tab,
 * design note 016).
 */
import { type PeriodModel, periodModel, periodNoun } from '@core/periods';
import type { GameDayView } from '@core/api/game-day';
import { formatUsd } from '@core/money';
import { potCollectedText } from '@core/payment-methods';
import { numbersBeingDrawn } from '@core/sales';
import { useIsMutating } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { GridSelection } from './game-day-grid';
import { ResultsPayouts } from './game-day-results';
import { ScoreEntry } from './game-day-score-entry';
import { GameStatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type GameDayTab, gameDayMutationKey, readGameDayTab, writeGameDayTab } from './game-day';
import { cn } from '@/lib/utils';

/** The spec's notice, said in the game's periods. */
const processingNotice = (model: PeriodModel) => `Processing ${periodNoun(model)} winners and payouts... Please wait.`;

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** One line of what matters on game day: status, squares sold, pot, numbers. */
export function GameDaySummary({ view }: { view: GameDayView }) {
  const { game } = view;
  // D38: set 1's ticket is written and its digits wait for the beacon.
  const unset = numbersBeingDrawn(view.digit_sets) ? 'being drawn' : 'not drawn';
  const numbers = view.numbers === null ? unset : game.numbers_revealed ? 'revealed' : 'drawn, hidden from players';
  return (
    <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm" data-testid="game-day-summary">
      <div className="flex items-center gap-2">
        <dt className="sr-only">Status</dt>
        <dd>
          <GameStatusBadge game={game} admin />
        </dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="text-muted-foreground">Squares sold</dt>
        <dd className="font-semibold tabular-nums">
          {game.squares_claimed}/{game.board_size}
        </dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="text-muted-foreground">Pot</dt>
        <dd className="font-semibold tabular-nums">
          {formatUsd(game.total_pot_cents)}
          {potCollectedText(game) && <span className="ml-1.5 text-xs font-normal text-muted-foreground">({potCollectedText(game)})</span>}
        </dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="text-muted-foreground">Numbers</dt>
        <dd className="font-semibold" data-testid="game-day-numbers-state">
          {numbers}
        </dd>
      </div>
    </dl>
  );
}

/** Card "Four Quarter Mode" with its three tabs (two without `gridSelection`: the page has its own board for it). */
export function FourQuarterMode({
  view,
  headingLevel = 'h2',
  gridSelection = true,
}: {
  view: GameDayView;
  headingLevel?: 'h2' | 'h3';
  gridSelection?: boolean;
}) {
  const gameId = view.game.id;
  const model = periodModel(view.game.game_type);
  const [saved, setTab] = useState<GameDayTab>(() => readGameDayTab(sessionStore(), gameId));
  const tab = saved === 'grid' && !gridSelection ? 'score-entry' : saved;
  const scoring = useIsMutating({ mutationKey: gameDayMutationKey(gameId, 'scores') });
  const paying = useIsMutating({ mutationKey: gameDayMutationKey(gameId, 'payouts') });
  const processing = scoring + paying > 0;
  const inner = headingLevel === 'h2' ? 'h3' : 'h4';

  function choose(value: string) {
    const next = value as GameDayTab;
    setTab(next);
    writeGameDayTab(sessionStore(), gameId, next);
  }

  return (
    <Card className="gap-4 py-4 sm:py-6" data-testid="four-quarter-mode">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as={headingLevel} className="text-xl">
          {model.kind === 'quarter' ? 'Four Quarter Mode' : 'Two Half Mode'}
        </CardTitle>
        {/* Issue 14: the spec's name, then what it means. */}
        <CardDescription>Enter each {periodNoun(model)}&apos;s score as it ends, then pay its winner their share of the pot.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-3 sm:px-6">
        <div aria-live="polite" role="status" data-testid="processing-notice">
          {processing && (
            <p className="flex items-center gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm font-medium">
              <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
              {processingNotice(model)}
            </p>
          )}
        </div>
        <Tabs value={tab} onValueChange={choose} className="gap-4">
          <TabsList className={cn('grid h-auto w-full overflow-visible sm:inline-flex sm:h-9 sm:w-fit', gridSelection ? 'grid-cols-3' : 'grid-cols-2')}>
            <TabsTrigger value="score-entry" className="h-auto min-h-8 px-1.5 whitespace-normal sm:px-3 sm:whitespace-nowrap">
              Score Entry
            </TabsTrigger>
            <TabsTrigger value="results" className="h-auto min-h-8 px-1.5 whitespace-normal sm:px-3 sm:whitespace-nowrap">
              Results &amp; Payouts
            </TabsTrigger>
            {gridSelection && (
              <TabsTrigger value="grid" className="h-auto min-h-8 px-1.5 whitespace-normal sm:px-3 sm:whitespace-nowrap">
                Grid Selection
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="score-entry" forceMount className="data-[state=inactive]:hidden">
            <ScoreEntry view={view} headingAs={inner} />
          </TabsContent>
          <TabsContent value="results" forceMount className="data-[state=inactive]:hidden">
            <ResultsPayouts view={view} headingAs={inner} />
          </TabsContent>
          {gridSelection && (
            <TabsContent value="grid" forceMount className="data-[state=inactive]:hidden">
              <GridSelection view={view} headingAs={inner} />
            </TabsContent>
          )}
        </Tabs>
      </CardContent>
    </Card>
  );
}

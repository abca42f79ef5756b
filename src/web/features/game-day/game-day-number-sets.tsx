/**
 * D35/D38 on the admin's game day: the number sets with their tickets and digits, a waiting set's
 * last failed attempt (the beacon job retries; players read only "being drawn"), and "Draw set N
 * now" (D35: each next set is drawn when the previous period is confirmed, "or by the admin"),
 * behind a confirm step.
 */
import type { GameDayView } from '@core/api/game-day';
import { GAME_DAY_ERRORS } from '@core/messages';
import { numberSetPeriodsLabel, numberSetRanges, periodModel, periodShortLabel } from '@core/periods';
import { nextSetToDraw } from '@core/set-numbers';
import { Shuffle } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DigitSets } from './digit-sets';
import { gameDayErrorText } from './game-day-payout';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDrawNumberSet } from './game-day';

export function GameDayNumberSets({ view, headingLevel: Heading = 'h2' }: { view: GameDayView; headingLevel?: 'h2' | 'h3' }) {
  const { game } = view;
  const headingId = useId();
  const draw = useDrawNumberSet(game.id);
  const [confirming, setConfirming] = useState(false);
  const model = periodModel(game.game_type);
  const ranges = numberSetRanges(model, game.number_sets);
  const next = game.is_active ? nextSetToDraw(ranges.length, view.digit_sets) : null;
  const range = ranges.find((candidate) => candidate.set === next);
  const previous = ranges.find((candidate) => range && candidate.set === range.set - 1);
  if (view.digit_sets.length === 0) return null;

  async function run(set: number) {
    try {
      const answer = await draw.mutateAsync(set);
      const drawn = answer.digit_sets.find((candidate) => candidate.set === set);
      toast.success(drawn?.drawn_at ? `Set ${set} drawn.` : `Set ${set} is being drawn: waiting for drand round ${drawn?.round ?? '?'}.`, { id: 'numbers' });
    } catch (error) {
      toast.error(gameDayErrorText(error, GAME_DAY_ERRORS.randomizeFailed), { id: 'numbers' });
    }
    setConfirming(false);
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-t pt-3" data-testid="game-day-number-sets">
      <Heading id={headingId} className="text-sm font-semibold">
        Number sets
      </Heading>
      <DigitSets gameId={game.id} sets={view.digit_sets} commitHash={null} zone={game.time_zone} />
      {range && previous && (
        <div className="flex flex-col items-start gap-1.5 sm:flex-row sm:items-center sm:gap-3">
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={draw.isPending} data-testid="draw-next-set">
            {draw.isPending ? <Spinner aria-hidden="true" /> : <Shuffle aria-hidden="true" />}
            Draw set {range.set} now
          </Button>
          <span className="text-sm text-muted-foreground">
            Set {range.set} ({numberSetPeriodsLabel(model, range)}) is otherwise drawn when {periodShortLabel(model, previous.lastPeriod)} is confirmed.
          </span>
        </div>
      )}
      {range && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            if (!draw.isPending) setConfirming(open);
          }}
          testId="draw-set-dialog"
          busy={draw.isPending}
          title={`Draw set ${range.set} now?`}
          description={
            <>
              Set {range.set} decides {numberSetPeriodsLabel(model, range)}.{' '}
              {view.digit_sets[0]?.method === 'beacon'
                ? 'Its ticket is written now and its digits come from the drand beacon a few seconds later.'
                : 'Its digits are drawn now.'}{' '}
              The draw is logged and cannot be undone.
            </>
          }
          confirmLabel={`Draw set ${range.set}`}
          onConfirm={() => void run(range.set)}
        />
      )}
    </section>
  );
}

/**
 * The numbers of game day (spec "Game Day Controls screen" header buttons; D16-D18): Randomize
 * Numbers (on a grid that is not full only after "Randomize anyway"), Clear Numbers (after a
 * confirmation), Reveal/Hide Numbers, and "Locked after score entry" once any score exists.
 */
import { clearDialogText, clearLock, notFullDialogText, type NumbersFacts, numbersPrimary, randomizeLock, redrawDialogText } from '@core/numbers-controls';
import { firstSetWaiting, firstSetWaitingText } from '@core/sales';
import type { GameDayView } from '@core/api/game-day';
import { GAME_DAY_ERRORS, SUCCESS_TOASTS } from '@core/messages';
import { hidingNote } from '@core/status';
import { Eye, EyeOff, Lock, Shuffle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { gameDayErrorText } from './game-day-payout';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { useClearNumbers, useNumbersVisibility, useRandomizeNumbers } from './game-day';
import { cn } from '@/lib/utils';

/** Reveal or hide the numbers with the spec's toasts; shared by the header and Grid Selection. */
export function useRevealAction(gameId: string) {
  const visibility = useNumbersVisibility(gameId);
  return {
    busy: visibility.isPending,
    async set(revealed: boolean) {
      try {
        await visibility.mutateAsync(revealed);
        toast.success(revealed ? SUCCESS_TOASTS.numbersRevealed : SUCCESS_TOASTS.numbersHidden, { id: 'numbers' });
      } catch (error) {
        toast.error(gameDayErrorText(error, GAME_DAY_ERRORS.revealFailed), { id: 'numbers' });
      }
    },
  };
}

type Confirming = 'not-full' | 'redraw' | 'clear' | 'unpaid' | null;

function randomizeError(error: unknown): string {
  if (isApiError(error) && error.code === 'SCORES_ENTERED') return GAME_DAY_ERRORS.randomizeAfterScores;
  if (isApiError(error) && error.code === 'NUMBERS_SHOWN') return error.message;
  return gameDayErrorText(error, GAME_DAY_ERRORS.randomizeFailed);
}

function clearError(error: unknown): string {
  if (isApiError(error) && error.code === 'SCORES_ENTERED') return GAME_DAY_ERRORS.clearAfterScores;
  return gameDayErrorText(error, GAME_DAY_ERRORS.clearFailed);
}

/** The header buttons. `className` lays them out (a page's actions, or a row under a heading). */
export function NumbersActions({ view, className }: { view: GameDayView; className?: string }) {
  const gameId = view.game.id;
  const randomize = useRandomizeNumbers(gameId);
  const clear = useClearNumbers(gameId);
  const reveal = useRevealAction(gameId);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [unpaid, setUnpaid] = useState<{ count: number; message: string; notFullConfirmed: boolean }>({ count: 0, message: '', notFullConfirmed: false });
  // The last dialog shown, so its text stays while it animates closed.
  const [shown, setShown] = useState<Exclude<Confirming, null>>('clear');
  if (confirming && confirming !== shown) setShown(confirming);

  const hasNumbers = view.numbers !== null;
  // D38: set 1's ticket is written and its beacon round awaited: the admin may still Clear.
  const firstWaiting = firstSetWaiting(view.digit_sets);
  const locked = view.numbers_locked;
  const revealed = view.game.numbers_revealed;
  const facts: NumbersFacts = { drawn: hasNumbers, revealed, shown: view.numbers_shown, scoresIn: locked, waiting: firstWaiting !== null };
  // D49/D50: the solid button is the next step (reveal hidden numbers, or draw them); once players
  // have the numbers there is none here, and a control that may not run says why.
  const primary = numbersPrimary(facts);
  const randomizeLocked = randomizeLock(facts);
  const clearLocked = clearLock(facts);
  const claimed = view.game.squares_claimed;
  const busy = randomize.isPending || clear.isPending || reveal.busy;

  async function runRandomize(confirmNotFull: boolean, confirmUnpaid?: number) {
    try {
      await randomize.mutateAsync({
        ...(confirmNotFull ? { confirm_not_full: true } : {}),
        ...(confirmUnpaid !== undefined ? { confirm_unpaid: confirmUnpaid } : {}),
      });
      toast.success(SUCCESS_TOASTS.numbersRandomized, { id: 'numbers' });
      setConfirming(null);
    } catch (error) {
      if (isApiError(error) && error.code === 'GRID_NOT_FULL') {
        // The grid was not full after all (a refund, a stale screen): ask, as D18 says.
        setConfirming('not-full');
        return;
      }
      if (isApiError(error) && error.code === 'UNPAID_SQUARES' && typeof error.details.unpaid_squares === 'number') {
        // D28: the organizer confirms the number of unpaid squares the server counted.
        setUnpaid({ count: error.details.unpaid_squares, message: error.message, notFullConfirmed: confirmNotFull });
        setConfirming('unpaid');
        return;
      }
      setConfirming(null);
      toast.error(randomizeError(error), { id: 'numbers' });
    }
  }

  function onRandomize() {
    if (claimed < view.game.board_size) setConfirming('not-full');
    else if (hasNumbers || firstWaiting) setConfirming('redraw');
    else void runRandomize(false);
  }

  async function runClear() {
    try {
      await clear.mutateAsync(undefined);
      toast.success(SUCCESS_TOASTS.numbersCleared, { id: 'numbers' });
    } catch (error) {
      toast.error(clearError(error), { id: 'numbers' });
    }
    setConfirming(null);
  }

  const dialogs = {
    clear: {
      title: 'Clear the numbers?',
      description: clearDialogText(facts),
      destructive: true,
      pending: clear.isPending,
      confirmLabel: clear.isPending ? 'Clearing...' : 'Clear Numbers',
      onConfirm: () => void runClear(),
    },
    'not-full': {
      title: 'The grid is not full',
      description: notFullDialogText(claimed, view.game.board_size, view.game),
      pending: randomize.isPending,
      confirmLabel: 'Randomize anyway',
      onConfirm: () => void runRandomize(true),
    },
    unpaid: {
      title: 'Some squares are not paid',
      description: unpaid.message,
      pending: randomize.isPending,
      confirmLabel: 'Draw anyway',
      onConfirm: () => void runRandomize(unpaid.notFullConfirmed, unpaid.count),
    },
    redraw: {
      title: 'Draw new numbers?',
      description: redrawDialogText(firstWaiting),
      pending: randomize.isPending,
      confirmLabel: 'Randomize Numbers',
      onConfirm: () => void runRandomize(false),
    },
  };
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)} data-testid="numbers-actions">
      <Button
        variant={primary === 'randomize' ? 'default' : 'outline'}
        data-primary={primary === 'randomize'}
        onClick={onRandomize}
        disabled={randomizeLocked !== null || busy}
        aria-describedby={randomizeLocked && !locked ? 'randomize-locked' : undefined}
      >
        {randomize.isPending ? <Spinner aria-hidden="true" /> : <Shuffle aria-hidden="true" />}
        Randomize Numbers
      </Button>
      <Button variant="outline" onClick={() => setConfirming('clear')} disabled={clearLocked !== null || busy}>
        {clear.isPending ? <Spinner aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
        Clear Numbers
      </Button>
      <Button
        variant={primary === 'reveal' ? 'default' : 'outline'}
        data-primary={primary === 'reveal'}
        onClick={() => void reveal.set(!revealed)}
        disabled={!hasNumbers || busy}
      >
        {reveal.busy ? <Spinner aria-hidden="true" /> : revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        {revealed ? 'Hide Numbers' : 'Reveal Numbers'}
      </Button>
      {locked && (
        <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="numbers-locked">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          {/* The spec's note, then what it means (issue 14: plain words). */}
          <span>Locked after score entry</span>
          <span>(the numbers stay as drawn once a score is in)</span>
        </span>
      )}
      {randomizeLocked && !locked && (
        <p id="randomize-locked" className="flex basis-full items-start gap-1.5 text-sm text-muted-foreground" data-testid="randomize-locked">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {randomizeLocked}
        </p>
      )}
      {!hasNumbers && (
        <p className="basis-full text-sm text-muted-foreground" data-testid="numbers-hint">
          {firstWaiting
            ? firstSetWaitingText(firstWaiting.round)
            : 'Randomize Numbers gives each row and column a digit from 0 to 9 at random and ends sales. Players see the digits once you reveal them.'}
        </p>
      )}
      {primary === 'reveal' && view.results.length === 0 && (
        <p className="basis-full text-sm text-muted-foreground" data-testid="reveal-hint">
          The numbers are drawn and hidden: players see # on the board until you reveal them.
        </p>
      )}
      {hasNumbers && !revealed && view.results.length > 0 && (
        // docs/decisions/006-when-results-show.md: players see results only once the numbers are revealed.
        <p className="flex basis-full items-start gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="reveal-reminder">
          <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>Players can&apos;t see the results yet: the numbers are hidden. Reveal Numbers to show the winners on the board and on My Winnings.</span>
        </p>
      )}
      {hasNumbers && <HidingNote view={view} />}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setConfirming(null);
        }}
        testId="numbers-dialog"
        busy={busy}
        {...dialogs[shown]}
      />
    </div>
  );
}

/** D38: beside a beacon game's Hide/Reveal control, that hiding keeps no secret (core/status.ts). */
export function HidingNote({ view }: { view: GameDayView }) {
  const note = hidingNote(view.digit_sets);
  return note ? (
    <p className="basis-full text-sm text-muted-foreground" data-testid="hiding-note">
      {note}
    </p>
  ) : null;
}

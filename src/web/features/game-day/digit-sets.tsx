import type { BoardDigitSet } from '@core/api/board';
import type { GameDayDigitSet } from '@core/api/game-day';
import { Link } from 'react-router';
import { formatGameTime } from '@core/game-time';

/** A hash shortened for the board: its first 12 hex characters (the full one on hover and on the verify data). */
function short(hash: string): string {
  return `${hash.slice(0, 12)}…`;
}

/** What a set's ticket says, in one line. */
function ticketLine(set: BoardDigitSet): string {
  if (set.method === 'legacy') return 'drawn before tickets existed: nothing to check';
  if (set.method === 'beacon') return `board ${short(set.board_hash ?? '')} · drand round ${set.round ?? '?'}`;
  return `board ${short(set.board_hash ?? '')} · draw ${set.round ?? '?'} · commit ${short(set.commit_hash ?? '')}`;
}

/** A set as the board has it, or as the admin's game day has it (with its last failed attempt). */
type ShownSet = BoardDigitSet & Partial<Pick<GameDayDigitSet, 'last_error' | 'last_error_at'>>;

/** D38, for the admin only: why a waiting set is not drawn yet (the job tries again). */
function lastAttempt(set: ShownSet, zone: string | null): string {
  if (!set.last_error) return '';
  return ` — last attempt failed${set.last_error_at ? ` at ${formatGameTime(set.last_error_at, zone, { near: new Date() })}` : ''}: ${set.last_error}; retrying`;
}

/**
 * D35/D38: every digit set with the periods it counts for and its ticket; the digits once the
 * viewer may see them. Commit-reveal games say their weakness (design note 030). On the admin's
 * game day a waiting set also says its last failed attempt; the board's sets never carry one.
 */
export function DigitSets({
  gameId,
  sets,
  commitHash,
  zone,
}: {
  gameId: string;
  sets: readonly ShownSet[];
  commitHash: string | null;
  /** D49: the game's zone, in which its times are shown. */
  zone: string | null;
}) {
  if (sets.length === 0 && commitHash === null) return null;
  const commitReveal = commitHash !== null;
  return (
    <section className="flex flex-col gap-1 text-sm" data-testid="digit-sets" aria-label="Numbers and their draws">
      {sets.map((set) => (
        <p key={set.set} className="break-words" data-testid={`digit-set-${set.set}`}>
          <span className="font-medium">
            Set {set.set} ({set.periods_label}):
          </span>{' '}
          {set.x_axis_numbers && set.y_axis_numbers ? (
            <span className="font-mono">
              rows {set.x_axis_numbers.join('')} · columns {set.y_axis_numbers.join('')}
            </span>
          ) : set.drawn_at ? (
            <span>drawn, shown when revealed</span>
          ) : set.method === 'beacon' ? (
            <span data-testid={`digit-set-${set.set}-waiting`}>
              waiting for drand round {set.round}
              {lastAttempt(set, zone)}
            </span>
          ) : (
            <span>not drawn yet</span>
          )}{' '}
          <span className="text-muted-foreground">({ticketLine(set)})</span>
        </p>
      ))}
      {sets.some((set) => set.method !== 'legacy') && (
        <p>
          <Link to={`/game/${encodeURIComponent(gameId)}/verify`} className="font-medium text-primary underline underline-offset-4" data-testid="verify-link">
            Verify the numbers
          </Link>
        </p>
      )}
      {commitReveal && (
        <p className="text-muted-foreground break-words" data-testid="draw-commit">
          Numbers come from a secret seed whose SHA-256 is <span className="font-mono">{short(commitHash)}</span>, published with the last set so anyone can
          check them. Its weakness: an operator who reads the seed early could know the numbers.
        </p>
      )}
    </section>
  );
}

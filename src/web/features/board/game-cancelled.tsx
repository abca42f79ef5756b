/**
 * Issue 23: a deleted game's link, opened by someone who owned squares in it (410 GAME_CANCELLED):
 * which pool, when it was cancelled, and what happens to their money. Anyone else reads "Game
 * not found" (docs/decisions/020).
 */
import type { CancelledGame } from '@core/api/games';
import { GAME_CANCELLED } from '@core/messages';
import { formatUsd } from '@core/money';
import { CalendarX } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/link-button';
import { Page } from '@/components/page';
import { isApiError } from '@/lib/api';
import { dateAndTime } from '@/lib/time';
import { countOf } from '@core/text';

/** The cancelled game an error carries, or null. */
export function cancelledGameOf(error: unknown): CancelledGame | null {
  if (!isApiError(error) || error.code !== 'GAME_CANCELLED') return null;
  // Checked by hand, not with the zod contract: the game page's chunk stays free of the API schemas.
  const game = error.details.game as Partial<Record<keyof CancelledGame, unknown>> | undefined;
  if (typeof game !== 'object' || game === null) return null;
  const texts = [game.id, game.title, game.team_a, game.team_b, game.deleted_at].every((value) => typeof value === 'string');
  const numbers = Number.isInteger(game.squares) && Number.isInteger(game.paid_cents);
  const method = game.payment_method === 'card' || game.payment_method === 'organizer';
  return texts && numbers && method ? (game as CancelledGame) : null;
}

function moneyLine(game: CancelledGame): string {
  if (game.payment_method === 'card') return GAME_CANCELLED.card;
  return game.paid_cents > 0 ? GAME_CANCELLED.organizerMoney(formatUsd(game.paid_cents)) : GAME_CANCELLED.organizerUnpaid;
}

export function GameCancelled({ game, before }: { game: CancelledGame; before?: ReactNode }) {
  return (
    <Page title={GAME_CANCELLED.title} before={before} width="narrow">
      <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed p-6" data-testid="game-cancelled">
        <CalendarX aria-hidden="true" className="size-10 text-muted-foreground" />
        <p>
          <strong className="font-semibold break-words">{game.title}</strong> ({game.team_a} vs {game.team_b}) was cancelled on{' '}
          <time dateTime={game.deleted_at}>{dateAndTime(game.deleted_at)}</time>. You had {countOf(game.squares, 'square')} in it.
        </p>
        <p>{moneyLine(game)}</p>
        <LinkButton to="/all-games">Browse Games</LinkButton>
      </div>
    </Page>
  );
}

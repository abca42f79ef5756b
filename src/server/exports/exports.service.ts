import { boardLineDigits, lineDigitsLabel } from '@core/board-shape';
import { type Coordinate, squarePositionLabel } from '@core/grid';
import { formatCsvAmount } from '@core/money';
import { orderStatusLabel } from '@core/orders';
import { SQUARE_PAYMENT_WORDS } from '@core/payment-methods';
import { isPeriodOf, numberSetPeriodsLabel, periodModel, periodWinningsLabel } from '@core/periods';
import { personLabel, playerLabel } from '@core/person';
import { winnerNetCents, winnerOwesCents } from '@core/results-ledger';
import { payoutStatusLabel } from '@core/status';
import { parseAxis } from '../db/grid-numbers';
import { rangesOf } from '../draws/digit-sets';
import { shapeOfGame } from '../games/games.repository';
import type { OrdersService } from '../orders/orders.service';
import type { SharePayoutView } from '@core/api/game-day';
import { toCsv } from './csv';
import type { ExportsRepository } from './exports.repository';
import type { ServiceDeps } from '../service-deps';
import { gameNotFound } from '../games/game-or-404';

export type ExportKind = 'squares' | 'orders' | 'payouts';

interface ExportGame {
  id: string;
  price_per_square_cents: number;
  game_type: string;
  number_sets: string;
  team_a: string;
  team_b: string;
  board_rows: number;
  board_columns: number;
}

/** The digits of a square under one set, team A's then team B's ("4", or "4 / 9" on a smaller board). */
type SquareDigits = (square: Coordinate) => [string, string];

export interface ExportsServiceDeps extends ServiceDeps {
  repo: ExportsRepository;
  orders: OrdersService;
  /** D34: the organizer's (or charity's) share as a payout, once the pot is final (payouts/share-payout.ts). */
  sharePayout?: (gameId: string) => Promise<SharePayoutView | null>;
}

/** A game's CSV files for its admins (D33): squares, orders (with the notes typed at payment) and payouts. */
export function exportsService({ repo, orders, sharePayout = async () => null }: ExportsServiceDeps) {
  /**
   * D35: a pair of digit columns per number set of the game, headed by the set's periods ("Q1-Q2
   * Lions digits"), empty until the set is drawn.
   */
  async function digitColumns(game: ExportGame): Promise<{ headers: string[]; digits: SquareDigits[] }> {
    const model = periodModel(game.game_type);
    const shape = shapeOfGame(game);
    const stored = await repo.digitSets(game.id);
    const ranges = rangesOf(game);
    const headers = ranges.flatMap((range) => {
      const label = numberSetPeriodsLabel(model, range);
      return [`${label} ${game.team_a} digits`, `${label} ${game.team_b} digits`];
    });
    const digits = ranges.map((range): SquareDigits => {
      const set = stored.find((row) => row.set_number === range.set);
      if (!set?.x_axis_numbers || !set.y_axis_numbers) return () => ['', ''];
      const lines = boardLineDigits(shape, { xAxisNumbers: parseAxis(game.id, set.x_axis_numbers), yAxisNumbers: parseAxis(game.id, set.y_axis_numbers) });
      return (square) => [lineDigitsLabel(lines.rows[square.x] ?? []), lineDigitsLabel(lines.columns[square.y] ?? [])];
    });
    return { headers, digits };
  }

  async function build(game: ExportGame, kind: ExportKind): Promise<string> {
    const gameId = game.id;
    const model = periodModel(game.game_type);
    switch (kind) {
      case 'squares': {
        const sets = await digitColumns(game);
        return toCsv(
          ['Row', 'Column', 'Position', 'Owner', 'Email', 'Paid', 'Bought at', ...sets.headers],
          (await repo.squares(gameId)).map((s) => [
            s.x + 1,
            s.y + 1,
            squarePositionLabel(s),
            playerLabel(s),
            s.email,
            s.is_paid ? SQUARE_PAYMENT_WORDS.paid : SQUARE_PAYMENT_WORDS.unpaid,
            s.claimed_at,
            ...sets.digits.flatMap((digitsOf) => digitsOf(s)),
          ]),
        );
      }
      case 'orders':
        return toCsv(
          ['Order', 'Created at', 'Buyer', 'Email', 'Method', 'Status', 'Squares', 'Amount (USD)', 'Notes'],
          (await orders.ofGame(gameId)).orders.map((o) => [
            o.checkout_id,
            o.created_at,
            personLabel({ name: o.buyer_username, noAccount: o.buyer_no_account, email: o.buyer_email }),
            o.buyer_email,
            o.method === 'organizer' ? 'Organizer collects' : 'Card',
            orderStatusLabel(o),
            o.squares.map((s) => squarePositionLabel(s)).join('; '),
            formatCsvAmount(o.amount_cents),
            o.notes,
          ]),
        );
      case 'payouts': {
        // D34: the share's row after the periods' (never a player's winnings: no square, no winner's e-mail).
        const share = await sharePayout(gameId);
        const shareRows = share
          ? [
              [
                share.name,
                '',
                '',
                '',
                share.label,
                '',
                formatCsvAmount(share.cents),
                payoutStatusLabel(share.due_cents === 0 ? 'completed' : 'pending'),
                share.payments.flatMap((payment) => (payment.reference ? [payment.reference] : [])).join('; ') || null,
                share.payments.at(-1)?.paid_at ?? null,
                '',
                '',
              ],
            ]
          : [];
        return toCsv(
          [
            model.kind === 'quarter' ? 'Quarter' : 'Half',
            'Score A',
            'Score B',
            'Winning square',
            'Winner',
            'Email',
            'Payout (USD)',
            'Status',
            'Reference',
            'Paid at',
            'Owes (USD)',
            'Net (USD)',
          ],
          [
            ...(await repo.payouts(gameId)).map((p) => {
              const owesCents = winnerOwesCents(p.unpaid_squares, game.price_per_square_cents);
              return [
                isPeriodOf(model, p.period) ? periodWinningsLabel(model, p.period) : String(p.period),
                p.team_a_score,
                p.team_b_score,
                squarePositionLabel({ x: p.square_x, y: p.square_y }),
                p.user_id === null ? 'Not sold' : playerLabel(p),
                p.email,
                formatCsvAmount(p.payout_amount_cents),
                payoutStatusLabel(p.payout_status),
                p.payout_reference,
                p.paid_at,
                // D47: what the winner still owes for unpaid squares, and the payout net of it.
                formatCsvAmount(owesCents),
                formatCsvAmount(winnerNetCents(p.payout_amount_cents, owesCents)),
              ];
            }),
            ...shareRows,
          ],
        );
      }
    }
  }

  return {
    /** The CSV text and a file name for it ("<title>-squares.csv"). */
    async file(gameId: string, kind: ExportKind): Promise<{ name: string; text: string }> {
      const game = await repo.game(gameId);
      if (!game) throw gameNotFound();
      const slug =
        game.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'game';
      return { name: `${slug}-${kind}.csv`, text: await build(game, kind) };
    },
  };
}

export type ExportsService = ReturnType<typeof exportsService>;

import { randomUUID } from 'node:crypto';
import { boardShape, type BoardSize } from '@core/board-shape';
import type { DatabaseHandle } from '../../src/server/db/connection';
import { rangesOf } from '../../src/server/draws/digit-sets';

const now = () => new Date().toISOString();

/** A Better Auth user row written directly, for tests below the auth layer. */
export async function insertUser(handle: DatabaseHandle, email = `u${randomUUID().slice(0, 8)}@example.com`) {
  const id = randomUUID();
  const username = email
    .split('@')[0]!
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase();
  await handle.raw
    .insertInto('user')
    .values({
      id,
      name: username,
      email,
      emailVerified: handle.kind === 'sqlite' ? 1 : true,
      createdAt: handle.kind === 'sqlite' ? now() : new Date(),
      updatedAt: handle.kind === 'sqlite' ? now() : new Date(),
      username,
      displayUsername: username,
    })
    .execute();
  return { id, email, username };
}

/** The columns of a game a test may set; flags such as grid_shuffled stand for states reached later. */
export interface GameFixture {
  title: string;
  team_a: string;
  team_b: string;
  game_type: string;
  price_per_square_cents: number;
  payout_schedule: string;
  created_by: string | null;
  created_at: string;
  is_active: boolean;
  grid_shuffled: boolean;
  squares_claimed: number;
  total_pot_cents: number;
  /** D47: what was paid (default: the pot, as in a card game). */
  collected_cents: number;
  /** D36: 100 (the default), 50 or 25 squares. */
  board_size: BoardSize;
  /** D35: 'game' (the default), 'period' or 'halftime'. */
  number_sets: 'game' | 'period' | 'halftime';
}

/** A game row written directly, for tests below the games service. */
export async function insertGame(handle: DatabaseHandle, values: Partial<GameFixture> = {}) {
  const id = randomUUID();
  const createdAt = values.created_at ?? now();
  await handle.db
    .insertInto('games')
    .values({
      id,
      title: values.title ?? 'Test Bowl',
      team_a: values.team_a ?? 'Eagles',
      team_b: values.team_b ?? 'Chiefs',
      game_type: values.game_type ?? 'nfl',
      price_per_square_cents: values.price_per_square_cents ?? 1000,
      payout_schedule: values.payout_schedule ?? 'even',
      created_by: values.created_by ?? null,
      created_at: createdAt,
      updated_at: createdAt,
      ...(values.is_active !== undefined ? { is_active: values.is_active } : {}),
      ...(values.grid_shuffled !== undefined ? { grid_shuffled: values.grid_shuffled } : {}),
      ...(values.squares_claimed !== undefined ? { squares_claimed: values.squares_claimed } : {}),
      ...(values.total_pot_cents !== undefined ? { total_pot_cents: values.total_pot_cents } : {}),
      ...(values.number_sets !== undefined ? { number_sets: values.number_sets } : {}),
      ...(values.board_size !== undefined ? { board_rows: boardShape(values.board_size).rows, board_columns: boardShape(values.board_size).columns } : {}),
      ...((values.collected_cents ?? values.total_pot_cents) !== undefined ? { collected_cents: values.collected_cents ?? values.total_pot_cents } : {}),
    })
    .execute();
  return id;
}

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A square written directly: sold (`claimed`, the default) or a hold of a checkout (`held`). The game's counters are left as they are. */
export interface SquareFixture {
  x: number;
  y: number;
  userId: string;
  status?: 'claimed' | 'held';
  checkoutId?: string | null;
  /** A hold's end (default: in 35 minutes). */
  holdExpiresAt?: string;
  /** A sale's time (default: now). */
  claimedAt?: string;
}

export async function insertSquare(handle: DatabaseHandle, gameId: string, square: SquareFixture): Promise<string> {
  const [id] = await insertSquares(handle, gameId, [square]);
  return id!;
}

export async function insertSquares(handle: DatabaseHandle, gameId: string, squares: readonly SquareFixture[]): Promise<string[]> {
  const rows = squares.map((square) => {
    const held = square.status === 'held';
    return {
      id: randomUUID(),
      game_id: gameId,
      x: square.x,
      y: square.y,
      user_id: square.userId,
      status: square.status ?? 'claimed',
      checkout_id: square.checkoutId ?? null,
      hold_expires_at: held ? (square.holdExpiresAt ?? inMs(35 * 60_000)) : null,
      claimed_at: held ? null : (square.claimedAt ?? now()),
    };
  });
  if (rows.length > 0) await handle.db.insertInto('squares').values(rows).execute();
  return rows.map((row) => row.id);
}

/** A checkout row written directly (open, for $10, by default), with no items. */
export interface CheckoutFixture {
  userId: string;
  status?: string;
  amount_cents?: number;
  description?: string;
  /** When it was made (default: now); it expires 30 minutes later, its holds 35. */
  at?: string;
  refunded_at?: string | null;
  refund_reason?: string | null;
}

export async function insertCheckout(handle: DatabaseHandle, values: CheckoutFixture): Promise<string> {
  const id = randomUUID();
  const at = values.at ?? now();
  const after = (ms: number) => new Date(new Date(at).getTime() + ms).toISOString();
  await handle.db
    .insertInto('checkouts')
    .values({
      id,
      user_id: values.userId,
      status: values.status ?? 'open',
      provider: 'test',
      provider_session_id: null,
      amount_cents: values.amount_cents ?? 1000,
      description: values.description ?? 'Test Bowl: 1 square',
      notes: null,
      expires_at: after(30 * 60_000),
      hold_until: after(35 * 60_000),
      created_at: at,
      updated_at: at,
      paid_at: null,
      fulfilled_at: null,
      refunded_at: values.refunded_at ?? null,
      refund_reason: values.refund_reason ?? null,
    })
    .execute();
  return id;
}

/** Numbers drawn as Randomize stores them (D14, D16: grid_shuffled exactly while numbers exist), for a known board. */
export async function insertNumbers(
  handle: DatabaseHandle,
  gameId: string,
  xAxis: readonly number[],
  yAxis: readonly number[],
  /** logDraw: a 'drawn' row in the draw log too; gameFlags: false leaves the game's row as it is. */
  options: { by?: string | null; revealed?: boolean; at?: string; logDraw?: boolean; gameFlags?: boolean } = {},
): Promise<void> {
  const at = options.at ?? now();
  const by = options.by ?? null;
  await handle.db
    .insertInto('game_grid_numbers')
    .values({ game_id: gameId, x_axis_numbers: JSON.stringify(xAxis), y_axis_numbers: JSON.stringify(yAxis), generated_at: at, generated_by: by })
    .execute();
  // Set 1 of the game's digit sets (D35), as a draw writes it beside the mirror above; 'legacy': no ticket.
  const game = await handle.db.selectFrom('games').select(['game_type', 'number_sets']).where('id', '=', gameId).executeTakeFirstOrThrow();
  const first = rangesOf(game)[0]!;
  await handle.db
    .insertInto('digit_sets')
    .values({
      game_id: gameId,
      set_number: 1,
      first_period: first.firstPeriod,
      last_period: first.lastPeriod,
      method: 'legacy',
      x_axis_numbers: JSON.stringify(xAxis),
      y_axis_numbers: JSON.stringify(yAxis),
      drawn_at: at,
      drawn_by: by,
    })
    .execute();
  if (options.logDraw) {
    await handle.db
      .insertInto('grid_draws')
      .values({
        id: randomUUID(),
        game_id: gameId,
        action: 'drawn',
        x_axis_numbers: JSON.stringify(xAxis),
        y_axis_numbers: JSON.stringify(yAxis),
        admin_user_id: by,
        created_at: at,
      })
      .execute();
  }
  if (options.gameFlags === false) return;
  await handle.db
    .updateTable('games')
    .set({ grid_shuffled: true, manual_numbers_set: true, ...(options.revealed !== undefined ? { numbers_revealed: options.revealed } : {}) })
    .where('id', '=', gameId)
    .execute();
}

/** A confirmed quarter written directly: its score and its winner row (square (x, y), owned by `userId` or unsold). */
export interface PeriodResultFixture {
  period: number;
  teamA: number;
  teamB: number;
  square: { x: number; y: number; id?: string | null; userId: string | null };
  enteredBy?: string | null;
  payoutCents?: number;
  payoutStatus?: 'pending' | 'completed';
}

export async function insertPeriodResult(handle: DatabaseHandle, gameId: string, result: PeriodResultFixture): Promise<void> {
  const at = now();
  const { period, teamA, teamB, square } = result;
  await handle.db
    .insertInto('period_scores')
    .values({
      game_id: gameId,
      period,
      team_a_score: teamA,
      team_b_score: teamB,
      team_a_last_digit: teamA % 10,
      team_b_last_digit: teamB % 10,
      entered_by: result.enteredBy ?? null,
      entered_at: at,
    })
    .execute();
  await handle.db
    .insertInto('game_winners')
    .values(
      winnerRow(gameId, {
        period,
        square,
        digits: [teamA % 10, teamB % 10],
        payoutCents: result.payoutCents ?? 0,
        payoutStatus: result.payoutStatus ?? 'pending',
        at,
      }),
    )
    .execute();
}

/** A game_winners row: the quarter's winning square and digits, its payout not yet made. */
export function winnerRow(
  gameId: string,
  values: {
    period: number;
    square: { x: number; y: number; id?: string | null; userId: string | null };
    digits: readonly [number, number];
    payoutCents?: number;
    payoutStatus?: 'pending' | 'completed';
    at?: string;
  },
) {
  const at = values.at ?? now();
  return {
    id: randomUUID(),
    game_id: gameId,
    period: values.period,
    winning_square_id: values.square.id ?? null,
    user_id: values.square.userId,
    square_x: values.square.x,
    square_y: values.square.y,
    winning_numbers_x: values.digits[0],
    winning_numbers_y: values.digits[1],
    payout_amount_cents: values.payoutCents ?? 0,
    payout_status: values.payoutStatus ?? 'pending',
    payout_provider: 'manual',
    payout_reference: null,
    admin_user_id: null,
    paid_by: null,
    paid_at: null,
    last_retry_at: null,
    failure_reason: null,
    processing_started_at: null,
    created_at: at,
    updated_at: at,
  };
}

/** A mail in the queue written directly (the sender leaves it alone until it is due); the queue's own code writes real ones. */
export async function insertQueuedMail(
  handle: DatabaseHandle,
  mail: { id: string; status: 'queued' | 'failed'; nextAttemptAt: Date; createdAt?: Date },
): Promise<void> {
  await handle.raw
    .insertInto('mail_queue')
    .values({
      id: mail.id,
      message_id: `<${mail.id}@squares.local>`,
      recipient: 'player@example.com',
      subject: 'Your squares',
      text_body: 'text',
      html_body: '<p>text</p>',
      kind: 'receipt',
      status: mail.status,
      attempts: 1,
      next_attempt_at: mail.nextAttemptAt.toISOString(),
      created_at: (mail.createdAt ?? new Date()).toISOString(),
    })
    .execute();
}

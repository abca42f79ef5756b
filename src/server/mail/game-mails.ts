import { squareDigitsLabel } from '@core/board-shape';
import { formatGameTime } from '@core/game-time';
import { squarePositionLabel, type Coordinate } from '@core/grid';
import { formatUsd } from '@core/money';
import { squaresAmountCents } from '@core/payment-methods';
import { payByReminderDue, PAY_BY_REMINDER_LEAD_MS } from '@core/pay-by-reminder';
import { isPeriodOf, numberSetPeriodsLabel, periodModel, periodWinningsLabel } from '@core/periods';
import type { Db } from '../db/connection';
import type { Executor } from '../db/executor';
import { parseAxis } from '../db/grid-numbers';
import { person } from '../db/shared-queries';
import { rangesOf } from '../draws/digit-sets';
import { shapeOfGame } from '../games/games.repository';
import type { Logger } from '../logger';
import type { ServiceDeps } from '../service-deps';
import type { MailOutbox } from './mail-queue';
import { numbersClearedMail, numbersDrawnMail, payByReminderMail, payoutPaidMail, receiptMail, wonMail, type ReceiptGame } from './templates';

export interface GameMailsDeps extends ServiceDeps {
  db: Db;
  mail: MailOutbox;
  log: Logger;
  /** Our origin for links in mails made without a request (jobs, draws): PUBLIC_URL, or the trial's own. */
  origin: () => string;
}

/** An account to mail: its address and its name as every page says it (D48, shared-queries' person()). */
interface Person {
  id: string;
  email: string;
  name: string | null;
}

const byPosition = (a: Coordinate, b: Coordinate) => a.x - b.x || a.y - b.y;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function peopleOf(tx: Executor, ids: readonly string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectFrom('user')
    .select(['id', 'email', person().name.as('name')])
    .where('id', 'in', [...new Set(ids)])
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The game mails of D40 (docs/decisions/037), each queued in the transaction of the change that
 * causes it, one mail per player and event (a player's squares grouped): the receipt of a purchase
 * or reservation, the pay-by reminder (a job), "numbers are drawn" per number set and "you won" per
 * period (each once the numbers are shown, D16: at the draw, or at Reveal when drawn hidden),
 * "payout paid". Callers nudge the queue after commit. Opt-out kinds are filtered by the queue.
 */
export function gameMails(deps: GameMailsDeps) {
  const { mail, clock, log } = deps;

  /** D40: the receipt of a checkout just fulfilled (card) or reserved (organizer-collects), in that transaction. */
  async function receipt(tx: Executor, checkoutId: string): Promise<void> {
    const checkout = await tx
      .selectFrom('checkouts')
      .select(['user_id', 'provider', 'amount_cents', 'public_origin'])
      .where('id', '=', checkoutId)
      .executeTakeFirst();
    if (!checkout) return;
    const buyer = (await peopleOf(tx, [checkout.user_id])).get(checkout.user_id);
    if (!buyer) return;
    const items = await tx.selectFrom('checkout_items').select(['game_id', 'x', 'y', 'price_cents']).where('checkout_id', '=', checkoutId).execute();
    const gameIds = [...new Set(items.map((item) => item.game_id))];
    if (gameIds.length === 0) return;
    const games = await tx
      .selectFrom('games')
      .select(['id', 'title', 'payment_method', 'payment_instructions', 'pay_by', 'time_zone'])
      .where('id', 'in', gameIds)
      .orderBy('title')
      .execute();
    const origin = checkout.public_origin ?? deps.origin();
    const organizerPays = checkout.provider === 'organizer';
    const parts: ReceiptGame[] = games.map((game) => {
      const mine = items.filter((item) => item.game_id === game.id).sort(byPosition);
      return {
        title: game.title,
        squares: mine.map((item) => squarePositionLabel(item)),
        amount: formatUsd(mine.reduce((sum, item) => sum + item.price_cents, 0)),
        organizer: organizerPays ? { instructions: game.payment_instructions, payBy: game.pay_by ? formatGameTime(game.pay_by, game.time_zone) : null } : null,
        link: `${origin}/game/${game.id}`,
      };
    });
    await mail.enqueue(
      tx,
      receiptMail(buyer.email, {
        username: buyer.name,
        paid: !organizerPays,
        total: formatUsd(checkout.amount_cents),
        games: parts,
        link: `${origin}/my-squares`,
      }),
    );
  }

  /**
   * D40: the receipt of squares the organizer just put in an account's name with the board tools
   * (D32), in the assignment's transaction: the squares, their amount, paid or still owed, and
   * while owed the game's payment instructions and pay-by time (in its zone). A named person's
   * placeholder address is skipped by the queue.
   */
  async function assignedReceipt(
    tx: Executor,
    assignment: { gameId: string; ownerId: string; squares: readonly Coordinate[]; paid: boolean; origin?: string },
  ): Promise<void> {
    const owner = (await peopleOf(tx, [assignment.ownerId])).get(assignment.ownerId);
    if (!owner || assignment.squares.length === 0) return;
    const game = await tx
      .selectFrom('games')
      .select(['id', 'title', 'price_per_square_cents', 'payment_instructions', 'pay_by', 'time_zone'])
      .where('id', '=', assignment.gameId)
      .executeTakeFirst();
    if (!game) return;
    const origin = assignment.origin ?? deps.origin();
    const total = formatUsd(squaresAmountCents(assignment.squares.length, game.price_per_square_cents));
    const part: ReceiptGame = {
      title: game.title,
      squares: [...assignment.squares].sort(byPosition).map((square) => squarePositionLabel(square)),
      amount: total,
      organizer: assignment.paid ? null : { instructions: game.payment_instructions, payBy: game.pay_by ? formatGameTime(game.pay_by, game.time_zone) : null },
      link: `${origin}/game/${game.id}`,
    };
    await mail.enqueue(
      tx,
      receiptMail(owner.email, { username: owner.name, paid: assignment.paid, assigned: true, total, games: [part], link: `${origin}/my-squares` }),
    );
  }

  /** The game as the draw and win mails need it, only once its numbers are drawn and shown (D16). */
  async function shownGame(tx: Executor, gameId: string) {
    const game = await tx
      .selectFrom('games')
      .select(['id', 'title', 'team_a', 'team_b', 'game_type', 'number_sets', 'board_rows', 'board_columns', 'grid_shuffled', 'numbers_revealed'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    return game && game.grid_shuffled && game.numbers_revealed ? game : undefined;
  }

  /**
   * D40: "numbers are drawn" for every set of the game drawn and not told yet, once the numbers are
   * shown: one mail per owner per set with each square's digits. Claimed per set by a conditional
   * update, so a second call (another path, another instance) queues nothing.
   */
  async function numbersDrawn(tx: Executor, gameId: string): Promise<number> {
    const game = await shownGame(tx, gameId);
    if (!game) return 0;
    const sets = await tx
      .selectFrom('digit_sets')
      .select(['set_number', 'x_axis_numbers', 'y_axis_numbers'])
      .where('game_id', '=', gameId)
      .where('drawn_at', 'is not', null)
      .where('numbers_mailed_at', 'is', null)
      .orderBy('set_number')
      .execute();
    if (sets.length === 0) return 0;
    // D49: every mail says which periods its digits hold for, the first of a game with later sets too.
    const ranges = rangesOf(game);
    const squares = await tx.selectFrom('squares').select(['x', 'y', 'user_id']).where('game_id', '=', gameId).where('status', '=', 'claimed').execute();
    const people = await peopleOf(
      tx,
      squares.map((square) => square.user_id),
    );
    const model = periodModel(game.game_type);
    const shape = shapeOfGame(game);
    const origin = deps.origin();
    let queued = 0;
    for (const set of sets) {
      if (!set.x_axis_numbers || !set.y_axis_numbers) continue;
      const claimed = await tx
        .updateTable('digit_sets')
        .set({ numbers_mailed_at: clock().toISOString() })
        .where('game_id', '=', gameId)
        .where('set_number', '=', set.set_number)
        .where('numbers_mailed_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const numbers = { xAxisNumbers: parseAxis(gameId, set.x_axis_numbers), yAxisNumbers: parseAxis(gameId, set.y_axis_numbers) };
      const range = ranges.find((candidate) => candidate.set === set.set_number);
      if (!range) continue;
      const periodsLabel = numberSetPeriodsLabel(model, range);
      const later = ranges.filter((candidate) => candidate.set > set.set_number).map((candidate) => numberSetPeriodsLabel(model, candidate));
      const setLabel = ranges.length > 1 ? `set ${set.set_number} (${periodsLabel})` : null;
      for (const [userId, person] of people) {
        const mine = squares.filter((square) => square.user_id === userId).sort(byPosition);
        if (mine.length === 0) continue;
        const labels = mine.map(
          (square) => `${squarePositionLabel(square)}: ${squareDigitsLabel(shape, square, { teamA: game.team_a, teamB: game.team_b }, numbers)}`,
        );
        await mail.enqueue(
          tx,
          numbersDrawnMail(person.email, {
            username: person.name,
            gameTitle: game.title,
            setLabel,
            periodsLabel,
            later,
            squares: labels,
            link: `${origin}/game/${gameId}`,
          }),
        );
        queued += 1;
      }
    }
    return queued;
  }

  /**
   * D50: the numbers players had seen are cleared: one mail per owner of the game's squares (under
   * the game's lock, before the clear), so nobody plays on digits that no longer count.
   */
  async function numbersCleared(tx: Executor, gameId: string): Promise<number> {
    const game = await tx.selectFrom('games').select(['title']).where('id', '=', gameId).executeTakeFirst();
    if (!game) return 0;
    const owners = await tx.selectFrom('squares').select('user_id').where('game_id', '=', gameId).where('status', '=', 'claimed').execute();
    const people = await peopleOf(
      tx,
      owners.map((owner) => owner.user_id),
    );
    const link = `${deps.origin()}/game/${gameId}`;
    for (const person of people.values()) await mail.enqueue(tx, numbersClearedMail(person.email, { username: person.name, gameTitle: game.title, link }));
    return people.size;
  }

  /** D40: "you won" for every confirmed period with an owner not told yet, once the numbers are shown (D16, design note 006). */
  async function wins(tx: Executor, gameId: string): Promise<number> {
    const game = await shownGame(tx, gameId);
    if (!game) return 0;
    const winners = await tx
      .selectFrom('game_winners')
      .innerJoin('quarter_scores', (join) =>
        join.onRef('quarter_scores.game_id', '=', 'game_winners.game_id').onRef('quarter_scores.quarter', '=', 'game_winners.quarter'),
      )
      .select([
        'game_winners.id',
        'game_winners.quarter',
        'game_winners.user_id',
        'game_winners.square_x',
        'game_winners.square_y',
        'game_winners.payout_amount_cents',
      ])
      .select(['quarter_scores.team_a_score', 'quarter_scores.team_b_score'])
      .where('game_winners.game_id', '=', gameId)
      .where('game_winners.user_id', 'is not', null)
      .where('game_winners.won_mailed_at', 'is', null)
      .orderBy('game_winners.quarter')
      .execute();
    const people = await peopleOf(
      tx,
      winners.map((winner) => winner.user_id!),
    );
    const model = periodModel(game.game_type);
    const origin = deps.origin();
    let queued = 0;
    for (const winner of winners) {
      const claimed = await tx
        .updateTable('game_winners')
        .set({ won_mailed_at: clock().toISOString() })
        .where('id', '=', winner.id)
        .where('won_mailed_at', 'is', null)
        .executeTakeFirst();
      const person = people.get(winner.user_id!);
      if (Number(claimed.numUpdatedRows) !== 1 || !person || !isPeriodOf(model, winner.quarter)) continue;
      const unpaid = await tx
        .selectFrom('squares')
        .select('id')
        .where('game_id', '=', gameId)
        .where('user_id', '=', person.id)
        .where('status', '=', 'claimed')
        .where('is_paid', '=', false)
        .executeTakeFirst();
      await mail.enqueue(
        tx,
        wonMail(person.email, {
          username: person.name,
          gameTitle: game.title,
          period: periodWinningsLabel(model, winner.quarter),
          amount: formatUsd(winner.payout_amount_cents),
          square: squarePositionLabel({ x: winner.square_x, y: winner.square_y }),
          score: `${game.team_a} ${winner.team_a_score} - ${game.team_b} ${winner.team_b_score}`,
          unpaid: unpaid !== undefined,
          link: `${origin}/my-winnings`,
        }),
      );
      queued += 1;
    }
    return queued;
  }

  /** D23/D40: a payout just marked completed (in the transaction that marks it). */
  async function payoutPaid(tx: Executor, winnerId: string): Promise<void> {
    const winner = await tx
      .selectFrom('game_winners')
      .innerJoin('games', 'games.id', 'game_winners.game_id')
      .select([
        'game_winners.user_id',
        'game_winners.quarter',
        'game_winners.payout_amount_cents',
        'game_winners.payout_reference',
        'games.title',
        'games.game_type',
      ])
      .where('game_winners.id', '=', winnerId)
      .executeTakeFirst();
    if (!winner?.user_id) return;
    const person = (await peopleOf(tx, [winner.user_id])).get(winner.user_id);
    const model = periodModel(winner.game_type);
    if (!person || !isPeriodOf(model, winner.quarter)) return;
    await mail.enqueue(
      tx,
      payoutPaidMail(person.email, {
        username: person.name,
        gameTitle: winner.title,
        period: periodWinningsLabel(model, winner.quarter),
        amount: formatUsd(winner.payout_amount_cents),
        reference: winner.payout_reference,
        link: `${deps.origin()}/my-winnings`,
      }),
    );
  }

  /**
   * D28/D40: the pay-by reminders due now (core/pay-by-reminder.ts: a day before the pay-by time,
   * or halfway through a shorter window). One per player and game: the reminder's row is inserted
   * in the transaction that queues the mail, keyed by game and player, so two runs or instances
   * (or a restart) never send it twice. The number queued.
   */
  async function remindDue(now: Date = clock()): Promise<number> {
    const games = await deps.db
      .selectFrom('games')
      .select(['id', 'title', 'pay_by', 'time_zone', 'payment_instructions', 'price_per_square_cents'])
      .where('payment_method', '=', 'organizer')
      .where('is_active', '=', true)
      .where('grid_shuffled', '=', false)
      .where('pay_by', 'is not', null)
      .where('pay_by', '>', now.toISOString())
      .where('pay_by', '<=', new Date(now.getTime() + PAY_BY_REMINDER_LEAD_MS).toISOString())
      .execute();
    let queued = 0;
    for (const game of games) {
      const payBy = new Date(game.pay_by!);
      queued += await deps.db.transaction().execute(async (tx) => {
        const unpaid = await tx
          .selectFrom('squares')
          .leftJoin('pay_by_reminders', (join) =>
            join.onRef('pay_by_reminders.game_id', '=', 'squares.game_id').onRef('pay_by_reminders.user_id', '=', 'squares.user_id'),
          )
          .select(['squares.user_id', 'squares.x', 'squares.y', 'squares.claimed_at'])
          .where('squares.game_id', '=', game.id)
          .where('squares.status', '=', 'claimed')
          .where('squares.is_paid', '=', false)
          .where('pay_by_reminders.user_id', 'is', null)
          .execute();
        const people = await peopleOf(
          tx,
          unpaid.map((square) => square.user_id),
        );
        let sent = 0;
        for (const [userId, person] of people) {
          const mine = unpaid.filter((square) => square.user_id === userId).sort(byPosition);
          const reservedAt = new Date(mine.map((square) => square.claimed_at ?? game.pay_by!).sort()[0]!);
          if (!payByReminderDue(payBy, reservedAt, now)) continue;
          const claim = await tx
            .insertInto('pay_by_reminders')
            .values({ game_id: game.id, user_id: userId, pay_by: game.pay_by!, sent_at: now.toISOString() })
            .onConflict((oc) => oc.columns(['game_id', 'user_id']).doNothing())
            .executeTakeFirst();
          if (Number(claim.numInsertedOrUpdatedRows ?? 0n) !== 1) continue;
          await mail.enqueue(
            tx,
            payByReminderMail(person.email, {
              username: person.name,
              gameTitle: game.title,
              squares: mine.map((square) => squarePositionLabel(square)),
              amount: formatUsd(mine.length * game.price_per_square_cents),
              payBy: formatGameTime(game.pay_by!, game.time_zone),
              instructions: game.payment_instructions,
              link: `${deps.origin()}/game/${game.id}`,
            }),
          );
          sent += 1;
        }
        return sent;
      });
    }
    if (queued > 0) {
      log.info({ queued }, `pay-by reminders queued (${plural(queued, 'player')})`);
      mail.nudge();
    }
    return queued;
  }

  return { receipt, assignedReceipt, numbersDrawn, numbersCleared, wins, payoutPaid, remindDue };
}

export type GameMails = ReturnType<typeof gameMails>;

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
import { rangesOf } from '../draws/digit-sets';
import { shapeOfGame } from '../games/games.repository';
import type { Logger } from '../logger';
import type { ServiceDeps } from '../service-deps';
import { gameMailsRepository } from './game-mails.repository';
import type { MailOutbox } from './mail-queue.service';
import { numbersClearedMail, numbersDrawnMail, payByReminderMail, payoutPaidMail, receiptMail, wonMail, type ReceiptGame } from './templates';
import { countOf } from '@core/text';

export interface GameMailsDeps extends ServiceDeps {
  db: Db;
  mail: MailOutbox;
  log: Logger;
  /** Our origin for links in mails made without a request (jobs, draws): PUBLIC_URL, or the trial's own. */
  origin: () => string;
}

const byPosition = (a: Coordinate, b: Coordinate) => a.x - b.x || a.y - b.y;

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
    const repo = gameMailsRepository(tx);
    const checkout = await repo.checkout(checkoutId);
    if (!checkout) return;
    const buyer = (await repo.people([checkout.user_id])).get(checkout.user_id);
    if (!buyer) return;
    const items = await repo.checkoutItems(checkoutId);
    const gameIds = [...new Set(items.map((item) => item.game_id))];
    if (gameIds.length === 0) return;
    const games = await repo.receiptGames(gameIds);
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
    const repo = gameMailsRepository(tx);
    const owner = (await repo.people([assignment.ownerId])).get(assignment.ownerId);
    if (!owner || assignment.squares.length === 0) return;
    const game = await repo.assignedGame(assignment.gameId);
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
    const game = await gameMailsRepository(tx).drawnGame(gameId);
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
    const repo = gameMailsRepository(tx);
    const sets = await repo.untoldSets(gameId);
    if (sets.length === 0) return 0;
    // D49: every mail says which periods its digits hold for, the first of a game with later sets too.
    const ranges = rangesOf(game);
    const squares = await repo.ownedSquares(gameId);
    const people = await repo.people(squares.map((square) => square.user_id));
    const model = periodModel(game.game_type);
    const shape = shapeOfGame(game);
    const origin = deps.origin();
    let queued = 0;
    for (const set of sets) {
      if (!set.x_axis_numbers || !set.y_axis_numbers) continue;
      if (!(await repo.claimSetMails(gameId, set.set_number, clock().toISOString()))) continue;
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
    const repo = gameMailsRepository(tx);
    const game = await repo.gameTitle(gameId);
    if (!game) return 0;
    const owners = await repo.ownedSquares(gameId);
    const people = await repo.people(owners.map((owner) => owner.user_id));
    const link = `${deps.origin()}/game/${gameId}`;
    for (const person of people.values()) await mail.enqueue(tx, numbersClearedMail(person.email, { username: person.name, gameTitle: game.title, link }));
    return people.size;
  }

  /** D40: "you won" for every confirmed period with an owner not told yet, once the numbers are shown (D16, design note 006). */
  async function wins(tx: Executor, gameId: string): Promise<number> {
    const game = await shownGame(tx, gameId);
    if (!game) return 0;
    const repo = gameMailsRepository(tx);
    const winners = await repo.untoldWinners(gameId);
    const people = await repo.people(winners.map((winner) => winner.user_id!));
    const model = periodModel(game.game_type);
    const origin = deps.origin();
    let queued = 0;
    for (const winner of winners) {
      const claimed = await repo.claimWinMail(winner.id, clock().toISOString());
      const person = people.get(winner.user_id!);
      if (!claimed || !person || !isPeriodOf(model, winner.period)) continue;
      const unpaid = await repo.owesFor(gameId, person.id);
      await mail.enqueue(
        tx,
        wonMail(person.email, {
          username: person.name,
          gameTitle: game.title,
          period: periodWinningsLabel(model, winner.period),
          amount: formatUsd(winner.payout_amount_cents),
          square: squarePositionLabel({ x: winner.square_x, y: winner.square_y }),
          score: `${game.team_a} ${winner.team_a_score} - ${game.team_b} ${winner.team_b_score}`,
          unpaid,
          link: `${origin}/my-winnings`,
        }),
      );
      queued += 1;
    }
    return queued;
  }

  /** D23/D40: a payout just marked completed (in the transaction that marks it). */
  async function payoutPaid(tx: Executor, winnerId: string): Promise<void> {
    const repo = gameMailsRepository(tx);
    const winner = await repo.payout(winnerId);
    if (!winner?.user_id) return;
    const person = (await repo.people([winner.user_id])).get(winner.user_id);
    const model = periodModel(winner.game_type);
    if (!person || !isPeriodOf(model, winner.period)) return;
    await mail.enqueue(
      tx,
      payoutPaidMail(person.email, {
        username: person.name,
        gameTitle: winner.title,
        period: periodWinningsLabel(model, winner.period),
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
    const games = await gameMailsRepository(deps.db).payByWithin(now.toISOString(), new Date(now.getTime() + PAY_BY_REMINDER_LEAD_MS).toISOString());
    let queued = 0;
    for (const game of games) {
      const payBy = new Date(game.pay_by!);
      queued += await deps.db.transaction().execute(async (tx) => {
        const repo = gameMailsRepository(tx);
        const unpaid = await repo.unremindedUnpaid(game.id);
        const people = await repo.people(unpaid.map((square) => square.user_id));
        let sent = 0;
        for (const [userId, person] of people) {
          const mine = unpaid.filter((square) => square.user_id === userId).sort(byPosition);
          const reservedAt = new Date(mine.map((square) => square.claimed_at ?? game.pay_by!).sort()[0]!);
          if (!payByReminderDue(payBy, reservedAt, now)) continue;
          if (!(await repo.claimReminder(game.id, userId, game.pay_by!, now.toISOString()))) continue;
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
      log.info({ queued }, `pay-by reminders queued (${countOf(queued, 'player')})`);
      mail.nudge();
    }
    return queued;
  }

  return { receipt, assignedReceipt, numbersDrawn, numbersCleared, wins, payoutPaid, remindDue };
}

export type GameMails = ReturnType<typeof gameMails>;

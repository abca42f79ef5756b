import type { Game } from '@core/api/games';
import type { PaymentTracking, PlayerPayments } from '@core/api/organizer';
import { firstSquareOffBoard, squareOffBoardMessage } from '@core/board-shape';
import { squarePositionLabel, type Coordinate } from '@core/grid';
import { ORGANIZER_TOOL_ERRORS, paidAmountChanged, squaresNotFree } from '@core/messages';
import { formatUsd } from '@core/money';
import { paymentTotals, squaresAmountCents } from '@core/payment-methods';
import { perOwner, type NewActivity } from '../activity/activity.repository';
import type { CheckoutService } from '../checkout/checkout.service';
import type { Executor } from '../db/executor';
import { namedPeopleRepository } from '../people/people.repository';
import { shapeOfGame, type GamesRepository, type LockedGame } from '../games/games.repository';
import { toGame } from '../games/games.service';
import { badRequest, conflict, notFound } from '../http/errors';
import type { Logger } from '../logger';
import type { GameMails } from '../mail/game-mails.service';
import type { MailOutbox } from '../mail/mail-queue.service';
import { paymentReceivedMail, releasedMail, releasedPaidMail } from '../mail/templates';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import type { ServiceDeps } from '../service-deps';
import { organizerRepository, type OrganizerRepository, type OwnedSquare, type Selection } from './organizer.repository';
import { findGameOr404, lockGameOr404 } from '../games/game-or-404';

export interface OrganizerServiceDeps extends ServiceDeps {
  db: Executor;
  games: GamesRepository;
  /** D32: free cells and refunds of released card sales, in the tool's transaction. */
  checkouts: Pick<CheckoutService, 'takenSquares' | 'refundReleasedSquares'>;
  events: GameEvents;
  /** Release mails, queued in the release's transaction (design note 026). */
  mail: MailOutbox;
  /** D40: the receipt of squares assigned to an account, queued in the assignment's transaction (design note 037). */
  receipts: Pick<GameMails, 'assignedReceipt'>;
  log: Logger;
  /** Our origin for links in mails sent without a request (the pay-by run): PUBLIC_URL, or the trial's own. */
  origin: () => string;
}

/** The positions a selection names (none for a player's or all squares). */
const selectedSquares = (selection: Selection): readonly Coordinate[] => ('squares' in selection ? selection.squares : []);

/** Whom the organizer puts on squares (D32): an account, or a named person (D29). */
export type AssignTarget = { account: string } | { name: string; email: string | null };

/**
 * The organizer's tools (D28, D29, D32): mark squares paid or unpaid, release them (their owners
 * are told by e-mail; a card sale is refunded), assign free squares to an account or a named
 * person, move a square; the pay-by run that releases what is still unpaid at the game's pay-by
 * time, and the payment-tracking view. Every change runs under the game's lock with its counters
 * (the pot counts sold squares, D47; collected the paid ones) and its activity-log entries.
 */
export function organizerService(deps: OrganizerServiceDeps) {
  const { games, events, mail, log, clock, checkouts } = deps;

  /**
   * `work` under the game's lock (404 when missing); `squares`, the positions the request names,
   * must be on the game's board (D36: 400 SQUARE_OFF_BOARD otherwise).
   */
  async function withGame<T>(
    gameId: string,
    work: (game: LockedGame, repo: OrganizerRepository) => Promise<T>,
    squares: readonly Coordinate[] = [],
  ): Promise<T> {
    return lockGameOr404(games, gameId, async (game) => {
      const shape = shapeOfGame(game.row);
      const off = firstSquareOffBoard(shape, squares);
      if (off) throw badRequest(squareOffBoardMessage(shape, off), 'SQUARE_OFF_BOARD', { x: off.x, y: off.y });
      return work(game, organizerRepository(game.tx));
    });
  }

  /** The board tools change squares only while the game sells: active, numbers not drawn. */
  function assertSelling(game: LockedGame, afterDraw: string): void {
    if (!game.row.is_active) throw conflict(ORGANIZER_TOOL_ERRORS.gameCompleted, 'GAME_COMPLETED');
    if (game.row.grid_shuffled) throw conflict(afterDraw, 'GAME_IN_PROGRESS');
  }

  async function currentGame(gameId: string): Promise<Game> {
    return toGame(await findGameOr404(games, gameId));
  }

  /** Marks the selected owned squares paid (true) or unpaid (false); what was collected follows (the pot does not, D47). Card sales stay paid. */
  async function setPaid(gameId: string, actorId: string, selection: Selection, paid: boolean, origin?: string): Promise<{ changed: number; game: Game }> {
    const changed = await withGame(
      gameId,
      async (game, repo) => {
        if (!game.row.is_active) throw conflict(ORGANIZER_TOOL_ERRORS.gameCompleted, 'GAME_COMPLETED');
        const rows = await repo.setPaid(gameId, selection, paid);
        const now = clock().toISOString();
        await repo.addToGame(gameId, { squares: 0, paid: paid ? rows.length : -rows.length }, now);
        const action = paid ? 'marked_paid' : 'marked_unpaid';
        await repo.logActivity(
          gameId,
          [...perOwner(rows)].map(([owner, squares]) => ({ action, actorUserId: actorId, subjectUserId: owner, squares })),
          now,
        );
        // D40: each player whose squares became paid gets one receipt, queued with the change; marking unpaid tells nobody.
        if (paid && rows.length > 0) {
          const link = `${origin ?? deps.origin()}/game/${gameId}`;
          const owners = perOwner(rows);
          for (const person of await repo.people([...owners.keys()])) {
            const mine = owners.get(person.id) ?? [];
            await mail.enqueue(
              game.tx,
              paymentReceivedMail(person.email, {
                username: person.name,
                gameTitle: game.row.title,
                squares: mine.map((row) => squarePositionLabel(row)),
                amount: formatUsd(squaresAmountCents(mine.length, game.row.price_per_square_cents)),
                link,
              }),
            );
          }
          game.afterCommit.add(() => mail.nudge());
        }
        return rows.length;
      },
      selectedSquares(selection),
    );
    if (changed > 0) publishSafely(events, log, gameId, 'squares');
    return { changed, game: await currentGame(gameId) };
  }

  /**
   * Releases the selected squares, until the numbers are drawn (D28, D32): unpaid ones, or with
   * `includePaid` paid ones too (a card sale is refunded through its provider). Each owner is told
   * by e-mail: the mails are queued in the release's transaction and sent once it has committed. `atPayBy`: the pay-by run, which only acts if it is
   * the one run for this pay-by time. `actorId`: who (null: the pay-by run).
   */
  async function release(
    gameId: string,
    actorId: string | null,
    selection: Selection,
    options: { atPayBy?: string; origin?: string; includePaid?: boolean } = {},
  ): Promise<{ changed: number; game: Game }> {
    const released = await withGame(
      gameId,
      async (game, repo) => {
        const now = clock().toISOString();
        if (options.atPayBy !== undefined) {
          // Not drawn, active, and this run first: else it only marks the pay-by time done.
          if (!(await repo.claimPayByRun(gameId, options.atPayBy, now))) return null;
          if (game.row.grid_shuffled || !game.row.is_active) return [];
        } else {
          assertSelling(game, ORGANIZER_TOOL_ERRORS.releaseAfterDraw);
        }
        const rows = await repo.releasable(gameId, selection, options.includePaid === true && options.atPayBy === undefined);
        if (rows.length === 0) return [];
        const price = game.row.price_per_square_cents;
        const refunds = await checkouts.refundReleasedSquares(
          game,
          rows.filter((row) => row.is_paid),
        );
        await repo.remove(rows.map((row) => row.id));
        await repo.addToGame(gameId, { squares: -rows.length, paid: -rows.filter((row) => row.is_paid).length }, now);
        const entries: NewActivity[] = [];
        for (const [owner, squares] of perOwner(rows)) {
          entries.push({
            action: 'released',
            actorUserId: actorId,
            subjectUserId: owner,
            squares,
            ...(options.atPayBy !== undefined ? { detail: { pay_by: true } } : {}),
          });
          const refunded = rows.filter((row) => row.user_id === owner && refunds.has(row.id));
          if (refunded.length > 0) {
            entries.push({
              action: 'refunded',
              actorUserId: actorId,
              subjectUserId: owner,
              squares: refunded,
              detail: { refunded_cents: refunded.length * price },
            });
          }
        }
        await repo.logActivity(gameId, entries, now);
        const people = await repo.people([...new Set(rows.map((row) => row.user_id))]);
        const link = `${options.origin ?? deps.origin()}/game/${gameId}`;
        await tellReleased(game.tx, game.row.title, link, rows, refunds, people, options.atPayBy !== undefined);
        game.afterCommit.add(() => mail.nudge());
        return rows;
      },
      selectedSquares(selection),
    );
    const changed = released?.length ?? 0;
    if (changed > 0) publishSafely(events, log, gameId, 'squares');
    return { changed, game: await currentGame(gameId) };
  }

  async function tellReleased(
    tx: LockedGame['tx'],
    title: string,
    link: string,
    rows: readonly OwnedSquare[],
    refunds: ReadonlyMap<string, number>,
    people: readonly { id: string; email: string; name: string | null }[],
    atPayBy: boolean,
  ): Promise<void> {
    for (const person of people) {
      const mine = rows.filter((row) => row.user_id === person.id);
      const labels = (list: readonly OwnedSquare[]) => list.map((row) => squarePositionLabel(row)).join('; ');
      const username = person.name;
      const unpaid = mine.filter((row) => !row.is_paid);
      const paid = mine.filter((row) => row.is_paid);
      if (unpaid.length > 0) await mail.enqueue(tx, releasedMail(person.email, { username, gameTitle: title, squares: labels(unpaid), atPayBy, link }));
      if (paid.length > 0) {
        const byCard = paid.some((row) => refunds.has(row.id));
        await mail.enqueue(tx, releasedPaidMail(person.email, { username, gameTitle: title, squares: labels(paid), byCard, link }));
      }
    }
  }

  /**
   * D32: puts free squares on an account or a named person (D29), unpaid, or paid (`paid`: the sum
   * the organizer confirmed, refused with 409 unless it is what the squares come to at the game's
   * price now); organizer assignments may pass the D31 cap. The owner gets a receipt (D40);
   * `origin`: the request's, for its links.
   */
  async function assign(
    gameId: string,
    actorId: string,
    cells: readonly Coordinate[],
    target: AssignTarget,
    paidConfirmed: { cents: number } | null,
    options: { origin?: string } = {},
  ): Promise<{ changed: number; game: Game; user_id: string }> {
    const paid = paidConfirmed !== null;
    const userId = await withGame(
      gameId,
      async (game, repo) => {
        assertSelling(game, ORGANIZER_TOOL_ERRORS.assignAfterDraw);
        if (paidConfirmed) {
          const expected = squaresAmountCents(cells.length, game.row.price_per_square_cents);
          if (paidConfirmed.cents !== expected)
            throw conflict(paidAmountChanged(formatUsd(expected), formatUsd(paidConfirmed.cents), cells.length), 'PAID_AMOUNT_CHANGED');
        }
        const people = namedPeopleRepository(game.tx);
        const now = clock().toISOString();
        let owner: string;
        if ('account' in target) {
          const account = await people.findAccount(target.account);
          if (!account) throw notFound(ORGANIZER_TOOL_ERRORS.noAccount, 'ACCOUNT_NOT_FOUND');
          owner = account.id;
        } else {
          // A named person whose address already has a confirmed account is that account.
          const account = target.email === null ? undefined : await people.findAccount(target.email);
          owner = account?.id ?? (await people.findOrCreate({ name: target.name, email: target.email, gameId, createdBy: actorId }, now));
        }
        const taken = await checkouts.takenSquares(game, cells);
        if (taken.length > 0) throw conflict(squaresNotFree(taken.map((cell) => squarePositionLabel(cell)).join('; ')), 'SQUARES_TAKEN');
        await repo.insertAssigned(gameId, owner, cells, paid, now);
        await repo.addToGame(gameId, { squares: cells.length, paid: paid ? cells.length : 0 }, now);
        await repo.logActivity(
          gameId,
          [{ action: 'assigned', actorUserId: actorId, subjectUserId: owner, squares: cells, ...(paid ? { detail: { paid: true } } : {}) }],
          now,
        );
        // D40: one receipt per assignment (an account's real address; a named person's placeholder is skipped).
        await deps.receipts.assignedReceipt(game.tx, { gameId, ownerId: owner, squares: cells, paid, ...(options.origin ? { origin: options.origin } : {}) });
        game.afterCommit.add(() => mail.nudge());
        return owner;
      },
      cells,
    );
    publishSafely(events, log, gameId, 'squares');
    return { changed: cells.length, game: await currentGame(gameId), user_id: userId };
  }

  /** D32: moves an owned square to a free cell; it keeps its owner, payment and order. */
  async function move(gameId: string, actorId: string, from: Coordinate, to: Coordinate): Promise<{ changed: number; game: Game }> {
    if (from.x === to.x && from.y === to.y) throw badRequest(ORGANIZER_TOOL_ERRORS.moveSame, 'SAME_SQUARE');
    await withGame(
      gameId,
      async (game, repo) => {
        assertSelling(game, ORGANIZER_TOOL_ERRORS.moveAfterDraw);
        const square = await repo.ownedAt(gameId, from.x, from.y);
        if (!square) throw conflict(ORGANIZER_TOOL_ERRORS.moveFromEmpty, 'NOTHING_TO_MOVE');
        const taken = await checkouts.takenSquares(game, [to]);
        if (taken.length > 0) throw conflict(ORGANIZER_TOOL_ERRORS.moveToTaken, 'SQUARES_TAKEN');
        const now = clock().toISOString();
        await repo.moveSquare(square.id, to);
        await repo.logActivity(gameId, [{ action: 'moved', actorUserId: actorId, subjectUserId: square.user_id, squares: [to], detail: { from } }], now);
      },
      [from, to],
    );
    publishSafely(events, log, gameId, 'squares');
    return { changed: 1, game: await currentGame(gameId) };
  }

  return {
    markPaid: (gameId: string, actorId: string, selection: Selection, origin?: string) => setPaid(gameId, actorId, selection, true, origin),
    markUnpaid: (gameId: string, actorId: string, selection: Selection) => setPaid(gameId, actorId, selection, false),
    /** `origin`: the request's, for the mails' links (mailLinkOrigin). */
    release: (gameId: string, actorId: string, selection: Selection, options: { origin?: string; includePaid?: boolean } = {}) =>
      release(gameId, actorId, selection, options),
    assign,
    move,

    /**
     * The pay-by run (D28): every organizer-collects game whose pay-by time has passed and whose
     * run has not happened releases its unpaid squares, once across instances and restarts (a
     * conditional update claims the run inside the release's transaction).
     */
    async releaseOverdue(now: Date = clock()): Promise<number> {
      let released = 0;
      for (const { id, pay_by } of await organizerRepository(deps.db).overduePayBy(now.toISOString())) {
        try {
          released += (await release(id, null, { all: true }, { atPayBy: pay_by })).changed;
        } catch (err) {
          log.error({ err, gameId: id }, 'pay-by release failed; the next run tries again');
        }
      }
      return released;
    },

    /** D28's payment-tracking view: per player, squares, due, paid and unpaid, most unpaid first. */
    async payments(gameId: string): Promise<PaymentTracking> {
      const game = await currentGame(gameId);
      const rows = await organizerRepository(deps.db).ownedSquares(gameId);
      const price = game.price_per_square_cents;
      const byPlayer = new Map<
        string,
        { user_id: string; username: string; no_account: boolean; email: string; squares: { x: number; y: number; paid: boolean }[] }
      >();
      for (const row of rows) {
        let player = byPlayer.get(row.user_id);
        if (!player) {
          player = { user_id: row.user_id, username: row.username ?? '', no_account: row.no_account, email: row.email ?? '', squares: [] };
          byPlayer.set(row.user_id, player);
        }
        player.squares.push({ x: row.x, y: row.y, paid: row.is_paid });
      }
      const players: PlayerPayments[] = [...byPlayer.values()].map((player) => {
        const totals = paymentTotals(player.squares, price);
        return { ...player, due_cents: totals.dueCents, paid_cents: totals.paidCents, unpaid_cents: totals.unpaidCents };
      });
      players.sort((a, b) => b.unpaid_cents - a.unpaid_cents || a.username.localeCompare(b.username));
      const all = rows.map((row) => ({ paid: row.is_paid }));
      const totals = paymentTotals(all, price);
      return {
        game,
        players,
        totals: {
          squares: rows.length,
          unpaid_squares: all.filter((square) => !square.paid).length,
          due_cents: totals.dueCents,
          paid_cents: totals.paidCents,
          unpaid_cents: totals.unpaidCents,
        },
      };
    },
  };
}

export type OrganizerService = ReturnType<typeof organizerService>;

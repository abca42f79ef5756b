import type { Game } from '@core/api/games';
import type { PaymentTracking, PlayerPayments } from '@core/api/organizer';
import { squarePositionLabel } from '@core/grid';
import { GAME_ERRORS, ORGANIZER_TOOL_ERRORS } from '@core/messages';
import { paymentTotals } from '@core/payment-methods';
import type { Executor } from '../db/executor';
import type { GamesRepository, LockedGame } from '../games/games.repository';
import { toGame } from '../games/games.service';
import { conflict, notFound } from '../http/errors';
import type { Logger } from '../logger';
import { sendInBackground, type Mailer } from '../mail/mailer';
import { releasedMail } from '../mail/templates';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import type { ServiceDeps } from '../service-deps';
import { organizerRepository, type Selection } from './organizer.repository';

export interface OrganizerServiceDeps extends ServiceDeps {
  db: Executor;
  games: GamesRepository;
  events: GameEvents;
  mailer: Mailer;
  log: Logger;
  /** Our origin for links in mails sent without a request (the pay-by run): PUBLIC_URL, or the trial's own. */
  origin: () => string;
}

/**
 * The organizer's payment tools for organizer-collects games (D28): mark squares paid or unpaid,
 * release unpaid ones (their owners are told by e-mail), the pay-by run that releases what is
 * still unpaid at the game's pay-by time, and the payment-tracking view. Every change runs under
 * the game's lock with its counters: the pot counts paid squares, the sold count owned ones.
 */
export function organizerService(deps: OrganizerServiceDeps) {
  const { games, events, mailer, log, clock } = deps;

  /** `work` under the game's lock, for an organizer-collects game (404 when missing, 409 for a card game). */
  async function withOrganizerGame<T>(gameId: string, work: (game: LockedGame, repo: ReturnType<typeof organizerRepository>) => Promise<T>): Promise<T> {
    return games.withLockedGame(gameId, async (game) => {
      if (!game) throw notFound(GAME_ERRORS.notFound);
      if (game.row.payment_method !== 'organizer') throw conflict(ORGANIZER_TOOL_ERRORS.notOrganizerGame, 'WRONG_PAYMENT_METHOD');
      return work(game, organizerRepository(game.tx));
    });
  }

  async function currentGame(gameId: string): Promise<Game> {
    const row = await games.findById(gameId);
    if (!row) throw notFound(GAME_ERRORS.notFound);
    return toGame(row);
  }

  /** Marks the selected owned squares paid (true) or unpaid (false); the pot follows. */
  async function setPaid(gameId: string, selection: Selection, paid: boolean): Promise<{ changed: number; game: Game }> {
    const changed = await withOrganizerGame(gameId, async (game, repo) => {
      if (!game.row.is_active) throw conflict(ORGANIZER_TOOL_ERRORS.gameCompleted, 'GAME_COMPLETED');
      const n = await repo.setPaid(gameId, selection, paid);
      await repo.addToGame(gameId, 0, (paid ? n : -n) * game.row.price_per_square_cents, clock().toISOString());
      return n;
    });
    if (changed > 0) publishSafely(events, log, gameId, 'squares');
    return { changed, game: await currentGame(gameId) };
  }

  /**
   * Releases the selected unpaid squares, until the numbers are drawn (D28, D32); each owner is
   * told by e-mail once the release has committed. `atPayBy`: the pay-by run, which only acts if
   * it is the one run for this pay-by time.
   */
  async function releaseUnpaid(
    gameId: string,
    selection: Selection,
    options: { atPayBy?: string; origin?: string } = {},
  ): Promise<{ changed: number; game: Game }> {
    const released = await withOrganizerGame(gameId, async (game, repo) => {
      const now = clock().toISOString();
      if (options.atPayBy !== undefined) {
        // Not drawn, active, and this run first: else it only marks the pay-by time done.
        if (!(await repo.claimPayByRun(gameId, options.atPayBy, now))) return null;
        if (game.row.grid_shuffled || !game.row.is_active) return { title: game.row.title, rows: [] };
      } else {
        if (!game.row.is_active) throw conflict(ORGANIZER_TOOL_ERRORS.gameCompleted, 'GAME_COMPLETED');
        if (game.row.grid_shuffled) throw conflict(ORGANIZER_TOOL_ERRORS.releaseAfterDraw, 'GAME_IN_PROGRESS');
      }
      const rows = await repo.releaseUnpaid(gameId, selection);
      await repo.addToGame(gameId, -rows.length, 0, now);
      const people = await repo.people([...new Set(rows.map((row) => row.user_id))]);
      const link = `${options.origin ?? deps.origin()}/game/${gameId}`;
      game.afterCommit.add(() => tellReleased(game.row.title, link, rows, people, options.atPayBy !== undefined));
      return { title: game.row.title, rows };
    });
    const changed = released?.rows.length ?? 0;
    if (changed > 0) publishSafely(events, log, gameId, 'squares');
    return { changed, game: await currentGame(gameId) };
  }

  function tellReleased(
    title: string,
    link: string,
    rows: readonly { user_id: string; x: number; y: number }[],
    people: readonly { id: string; email: string; username: string | null; name: string }[],
    atPayBy: boolean,
  ): void {
    for (const person of people) {
      const squares = rows
        .filter((row) => row.user_id === person.id)
        .map((row) => squarePositionLabel(row))
        .join('; ');
      sendInBackground(mailer, releasedMail(person.email, { username: person.username ?? person.name, gameTitle: title, squares, atPayBy, link }), log);
    }
  }

  return {
    markPaid: (gameId: string, selection: Selection) => setPaid(gameId, selection, true),
    markUnpaid: (gameId: string, selection: Selection) => setPaid(gameId, selection, false),
    /** `origin`: the request's, for the mails' links (mailLinkOrigin). */
    releaseUnpaid: (gameId: string, selection: Selection, origin?: string) => releaseUnpaid(gameId, selection, origin === undefined ? {} : { origin }),

    /**
     * The pay-by run (D28): every organizer-collects game whose pay-by time has passed and whose
     * run has not happened releases its unpaid squares, once across instances and restarts (a
     * conditional update claims the run inside the release's transaction).
     */
    async releaseOverdue(now: Date = clock()): Promise<number> {
      let released = 0;
      for (const { id, pay_by } of await organizerRepository(deps.db).overduePayBy(now.toISOString())) {
        try {
          released += (await releaseUnpaid(id, { all: true }, { atPayBy: pay_by })).changed;
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
      const byPlayer = new Map<string, { user_id: string; username: string; email: string; squares: { x: number; y: number; paid: boolean }[] }>();
      for (const row of rows) {
        let player = byPlayer.get(row.user_id);
        if (!player) {
          player = { user_id: row.user_id, username: row.username ?? '', email: row.email ?? '', squares: [] };
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

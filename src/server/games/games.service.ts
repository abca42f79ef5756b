import { DEFAULT_NUMBER_SET_MODE, isNumberSetMode } from '@core/periods';
import { gameScoreFeed } from '../score-feed/stored';
import { newDrawSeed } from '../draws/digit-sets';
import { randomUUID } from 'node:crypto';
import type { Game, GameInviteResponse, GameLinkResponse, GameShareResponse } from '@core/api/games';
import { boardShape, type BoardShape } from '@core/board-shape';
import {
  GAME_DELETE_COMPLETED,
  GAME_ERRORS,
  GAME_PRICE_LOCKED,
  GAME_UPDATE_COMPLETED,
  INVITE_ERRORS,
  KICKOFF_ERRORS,
  ORGANIZER_PAYMENT_ERRORS,
} from '@core/messages';
import { printedLink, shareLink } from '@core/visibility';
import { teamsSideLock } from '@core/game-locks';
import { paymentInstructionsMissing, type PaymentMethod } from '@core/payment-methods';
import { capBeyondBoardMessage, capFitsBoard } from '@core/player-limit';
import { centsToDollars, dollarsToCents, formatUsd } from '@core/money';
import { type PayoutChoice, validateGamePayout } from '@core/payout-plan';
import type { GameFormValues, gameUpdateSchema } from '@core/schemas';
import type { GameType } from '@core/validation';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../http/errors';
import type { MailOutbox } from '../mail/mail-queue.service';
import { poolCancelledMail } from '../mail/templates';
import type { GameEvents } from '../realtime/events';
import type { ServiceDeps } from '../service-deps';
import { deletedGamesRepository, type DeletedGameOwner } from './deleted-games.repository';
import { inviteMatches, newInviteToken } from './invite-tokens';
import { shapeOfGame, type GameChanges, type GameRow, type GamesRepository, type LockedGame } from './games.repository';
import { qrCodeSvg } from './invite-qr';
import type { MembersService } from './members.service';
import { findGameOr404, lockGameOr404 } from './game-or-404';

export type GameUpdateValues = z.output<typeof gameUpdateSchema>;

/** D13: a completed game stays as a record; it cannot be edited (the spec's text covers shuffled games only). */

export interface GamesServiceDeps extends ServiceDeps {
  repo: GamesRepository;
  /** Board viewers hear about edits and deletes (after commit). */
  events: GameEvents;
  /** What happens to a deleted game's checkouts (D13); app.ts always gives it. */
  checkouts?: GameCheckouts;
  /** D28: whether card payments can be taken here (a card provider is configured); default yes. */
  cardPayments?: boolean;
  /** D46: a new invite link clears the organizer's removals (members.service.ts). */
  members?: Pick<MembersService, 'clearRemovals'>;
  /** Issue 23: tells the players of a deleted organizer-collects game (queued with the deletion); app.ts always gives it. */
  mail?: MailOutbox;
  /**
   * D38: whether a new game draws from the beacon: set when DRAW_BEACON is on; answers whether
   * drand is reachable now (a short check). Absent or false: commit-reveal (design note 030).
   */
  beaconReachable?: () => Promise<boolean>;
}

/**
 * The checkout service as deletion needs it: run inside the game's lock, it queues the work to
 * do once the deletion has committed (provider calls, refund mails, board events).
 */
interface GameCheckouts {
  releaseDeletedGame(game: LockedGame): Promise<void>;
}

/** Games: list, read, create, edit and delete under D13's rules (what stays editable). */
export function gamesService(deps: GamesServiceDeps) {
  const { repo, events, clock } = deps;
  const cardPayments = deps.cardPayments ?? true;

  /** D28: a card game needs a card provider here. */
  function checkMethod(method: PaymentMethod): void {
    if (method === 'card' && !cardPayments) throw badRequest(ORGANIZER_PAYMENT_ERRORS.cardUnavailable, 'CARD_PAYMENTS_UNAVAILABLE');
  }

  /** D39: a new kickoff lies ahead. */
  function checkKickoff(kickoff: string | null): void {
    if (kickoff !== null && Date.parse(kickoff) <= clock().getTime()) throw badRequest(KICKOFF_ERRORS.past, 'KICKOFF_PAST');
  }

  /**
   * D39 edits (docs/decisions/035): kickoff, its zone and the draw choice may change while sales
   * are open (not after they closed at kickoff), a new kickoff only to a time still ahead; the
   * zone may change whenever the game may be edited. Only what differs from the row is returned.
   */
  function kickoffChanges(row: GameRow, values: GameUpdateValues): Pick<GameChanges, 'kickoff_at' | 'time_zone' | 'draw_at_kickoff'> {
    const changes: Pick<GameChanges, 'kickoff_at' | 'time_zone' | 'draw_at_kickoff'> = {};
    const kickoffChanged = values.kickoff_at !== undefined && values.kickoff_at !== row.kickoff_at;
    const drawChanged = values.draw_at_kickoff !== undefined && values.draw_at_kickoff !== row.draw_at_kickoff;
    if ((kickoffChanged || drawChanged) && row.sales_closed_at !== null) throw conflict(KICKOFF_ERRORS.locked, 'KICKOFF_LOCKED');
    if (kickoffChanged) {
      checkKickoff(values.kickoff_at ?? null);
      changes.kickoff_at = values.kickoff_at ?? null;
    }
    if (values.time_zone !== undefined && values.time_zone !== row.time_zone) changes.time_zone = values.time_zone;
    const kickoff = kickoffChanged ? (values.kickoff_at ?? null) : row.kickoff_at;
    const zone = changes.time_zone !== undefined ? changes.time_zone : row.time_zone;
    if (kickoff !== null && zone === null) throw badRequest(KICKOFF_ERRORS.timeZoneRequired);
    // Without a kickoff nothing is drawn at kickoff: removing the kickoff drops the choice.
    const draw = kickoff === null ? false : (values.draw_at_kickoff ?? row.draw_at_kickoff);
    if (values.draw_at_kickoff === true && kickoff === null) throw badRequest(KICKOFF_ERRORS.drawNeedsKickoff);
    if (draw !== row.draw_at_kickoff) changes.draw_at_kickoff = draw;
    return changes;
  }

  /** D28: a new pay-by time belongs to an organizer-collects game and lies ahead. */
  function checkPayBy(method: PaymentMethod, payBy: string | null): void {
    if (payBy === null) return;
    if (method !== 'organizer') throw badRequest(ORGANIZER_PAYMENT_ERRORS.payByCardGame);
    if (Date.parse(payBy) <= clock().getTime()) throw badRequest(ORGANIZER_PAYMENT_ERRORS.payByPast);
  }

  async function tellCancelled(game: LockedGame, title: string, link: string, owners: readonly DeletedGameOwner[]): Promise<void> {
    const { mail } = deps;
    if (!mail) return;
    for (const owner of owners) {
      if (owner.email === null) continue;
      const paid = owner.paid_cents > 0 ? formatUsd(owner.paid_cents) : null;
      await mail.enqueue(game.tx, poolCancelledMail(owner.email, { username: owner.name ?? '', gameTitle: title, squares: owner.squares, paid, link }));
    }
    game.afterCommit.add(() => mail.nudge());
  }

  return {
    /** The listed games, newest first: public ones only (D30: an invite-only game is never listed, not even for admins). */
    async list(): Promise<Game[]> {
      return (await repo.list()).filter((row) => row.visibility === 'public').map(toGame);
    },

    /** Every game, newest first, for the admin pages (D30: invite-only games too). */
    async listAll(): Promise<Game[]> {
      return (await repo.list()).map(toGame);
    },

    async get(id: string): Promise<Game> {
      return toGame(await findGameOr404(repo, id));
    },

    /** A new game as the spec's create call makes it: active, not shuffled, empty pot (section 4). */
    async create(values: GameFormValues, adminId: string): Promise<Game> {
      checkMethod(values.payment_method);
      checkPayBy(values.payment_method, values.pay_by);
      checkKickoff(values.kickoff_at);
      const now = clock().toISOString();
      const shape = boardShape(values.board_size);
      // D38: the beacon when it is on and drand answers now; otherwise commit-reveal, seed committed from creation.
      const beacon = deps.beaconReachable ? await deps.beaconReachable() : false;
      const row = await repo.insert({
        id: randomUUID(),
        title: values.title,
        team_a: values.team_a,
        team_b: values.team_b,
        game_type: values.game_type,
        price_per_square_cents: dollarsToCents(values.price_per_square),
        ...payoutColumns(values),
        payment_method: values.payment_method,
        payment_instructions: values.payment_instructions,
        pay_by: values.pay_by,
        max_squares_per_player: values.max_squares_per_player,
        visibility: values.visibility,
        // D30: an invite-only game has its link from the start.
        invite_token: values.visibility === 'invite' ? newInviteToken() : null,
        board_rows: shape.rows,
        board_columns: shape.columns,
        // D38 commit-reveal (design note 030): the seed's SHA-256 is on the board from creation.
        ...(beacon ? { draw_method: 'beacon' as const } : { draw_method: 'commit-reveal' as const, ...commitRevealSeed() }),
        number_sets: values.number_sets,
        kickoff_at: values.kickoff_at,
        // D39: the zone is kept even without a kickoff (the pay-by time and draws are shown in it).
        time_zone: values.time_zone,
        draw_at_kickoff: values.draw_at_kickoff,
        created_by: adminId,
        created_at: now,
        updated_at: now,
      });
      return toGame(row);
    },

    /**
     * Changes the fields given. Refused once numbers are drawn or the game is completed; price and
     * payout schedule may only change while no square is held or sold (D13). Sending the stored
     * value again is not a change.
     */
    async update(id: string, values: GameUpdateValues): Promise<Game> {
      const result = await lockGameOr404(repo, id, async (game) => {
        const { row } = game;
        // D30: who can see the game may change at any time; everything else follows D13.
        const onlyVisibility =
          values.visibility !== undefined && Object.entries(values).every(([field, value]) => field === 'visibility' || value === undefined);
        if (!onlyVisibility && !row.is_active) throw conflict(GAME_UPDATE_COMPLETED, 'GAME_COMPLETED');
        if (!onlyVisibility && row.grid_shuffled) throw conflict(GAME_ERRORS.cannotUpdateInProgress, 'GAME_IN_PROGRESS');

        const priceCents = values.price_per_square === undefined ? undefined : dollarsToCents(values.price_per_square);
        // D34: the payout rules as they would be after the edit, checked whole (a new game type must fit custom shares).
        const stored = toGame(row);
        const payout = mergedPayout(stored, values);
        const payoutChanges = payoutColumns(payout);
        const payoutChanged = (Object.keys(payoutChanges) as (keyof typeof payoutChanges)[]).some((column) => payoutChanges[column] !== row[column]);
        if (payoutChanged || values.game_type !== undefined) {
          const checked = validateGamePayout({ ...payout, game_type: values.game_type ?? row.game_type });
          if (!checked.ok) throw badRequest(checked.message);
        }
        const changesMoney = (priceCents !== undefined && priceCents !== row.price_per_square_cents) || payoutChanged;
        const changesMethod = values.payment_method !== undefined && values.payment_method !== row.payment_method;
        const storedShape = shapeOfGame(row);
        const shape: BoardShape = values.board_size === undefined ? storedShape : boardShape(values.board_size);
        const changesShape = shape !== storedShape;
        const squaresHeld = await game.hasSquares();
        const sideLock = teamsSideLock(row, values, squaresHeld);
        if (sideLock) throw conflict(sideLock, 'TEAMS_LOCKED');
        if ((changesMoney || changesMethod || changesShape) && squaresHeld) {
          if (changesMoney) throw conflict(GAME_PRICE_LOCKED, 'PRICE_LOCKED');
          if (changesMethod) throw conflict(GAME_PRICE_LOCKED, 'PAYMENT_METHOD_LOCKED');
          throw conflict(GAME_PRICE_LOCKED, 'BOARD_SIZE_LOCKED');
        }
        // D31 with D36: a cap never exceeds the board, whichever of the two changes.
        const cap = values.max_squares_per_player !== undefined ? values.max_squares_per_player : row.max_squares_per_player;
        if ((changesShape || values.max_squares_per_player !== undefined) && !capFitsBoard(cap, shape.size)) {
          throw badRequest(capBeyondBoardMessage(shape.size));
        }
        const method = values.payment_method ?? row.payment_method;
        if (changesMethod) checkMethod(method);
        // A card game keeps no pay-by time.
        const payBy = values.pay_by !== undefined ? values.pay_by : method === 'card' ? null : row.pay_by;
        const payByChanged = payBy !== row.pay_by;
        if (payByChanged) checkPayBy(method, payBy);
        // Instructions are required of an edit that sets them or the method; an older game without
        // them stays editable otherwise (the admin page asks its organizer to add them).
        const instructions = values.payment_instructions !== undefined ? values.payment_instructions : row.payment_instructions;
        if ((values.payment_instructions !== undefined || changesMethod) && paymentInstructionsMissing(method, instructions))
          throw badRequest(ORGANIZER_PAYMENT_ERRORS.instructionsRequired);

        const kickoff = kickoffChanges(row, values);

        const changes: GameChanges = { updated_at: clock().toISOString(), ...kickoff };
        // D39: a linked game's polls wake at the lead before its kickoff; a new kickoff is read at the next pass.
        if (kickoff.kickoff_at !== undefined && row.feed_next_poll_at !== null) changes.feed_next_poll_at = changes.updated_at;
        if (values.title !== undefined) changes.title = values.title;
        if (values.team_a !== undefined) changes.team_a = values.team_a;
        if (values.team_b !== undefined) changes.team_b = values.team_b;
        if (values.game_type !== undefined) changes.game_type = values.game_type;
        if (priceCents !== undefined) changes.price_per_square_cents = priceCents;
        if (payoutChanged) Object.assign(changes, payoutChanges);
        if (changesMethod) changes.payment_method = method;
        if (values.payment_instructions !== undefined && values.payment_instructions !== row.payment_instructions) {
          changes.payment_instructions = values.payment_instructions;
        }
        if (values.max_squares_per_player !== undefined && values.max_squares_per_player !== row.max_squares_per_player) {
          changes.max_squares_per_player = values.max_squares_per_player;
        }
        if (values.visibility !== undefined && values.visibility !== row.visibility) {
          changes.visibility = values.visibility;
          // A game made invite-only gets its link then; one it had before comes back (rotate for a new one).
          if (values.visibility === 'invite' && row.invite_token === null) changes.invite_token = newInviteToken();
        }
        if (changesShape) {
          changes.board_rows = shape.rows;
          changes.board_columns = shape.columns;
        }
        if (payByChanged) {
          changes.pay_by = payBy;
          // A new pay-by time runs again, whenever an earlier one ran (D28).
          changes.pay_by_released_at = null;
        }
        // An empty edit changes nothing, not even updated_at.
        if (Object.keys(changes).length === 1) return { game: toGame(row), changed: false };
        return { game: toGame(await game.update(changes)), changed: true };
      });
      if (result.changed) events.publish({ game_id: id, reason: 'game' });
      return result.game;
    },

    /**
     * D30: an invite link's token, sent by the page it opened. 'accepted' when it is the game's
     * current one (the route sets the invite cookie), 'public' for a public game (the link of a
     * game made public since: nothing to keep); anything else is 404, as for a missing game.
     */
    async redeemInvite(id: string, token: string): Promise<'accepted' | 'public'> {
      const row = await repo.findById(id);
      // D46: a missing game and a wrong link answer alike, in words that help both.
      if (!row) throw notFound(GAME_ERRORS.notFoundOrInviteOnly);
      if (row.visibility === 'public') return 'public';
      if (!inviteMatches(token, row.invite_token)) throw notFound(GAME_ERRORS.notFoundOrInviteOnly);
      return 'accepted';
    },

    /** D30, admins: an invite-only game's link on `origin` and its QR code; null for a public game. */
    async invite(id: string, origin: string): Promise<GameInviteResponse> {
      return inviteOf(await findGameOr404(repo, id), origin);
    },

    /** D45, admins: the link to share the game by and its QR code ("Share this pool"). */
    async share(id: string, origin: string): Promise<GameShareResponse> {
      return { share: await shareOf(await findGameOr404(repo, id), origin) };
    },

    /**
     * D42, for a viewer the caller has let see the game: the link the printed board's QR code
     * opens (the invite link for an admin of an invite-only game, else the plain link) and its code.
     */
    async printLink(row: GameRow, origin: string, viewerIsAdmin: boolean): Promise<GameLinkResponse> {
      const url = printedLink(origin, row, viewerIsAdmin);
      return { link: { url, qr_svg: await qrCodeSvg(url), invite: url !== printedLink(origin, row, false) } };
    },

    /**
     * D30, admins: a new invite token for an invite-only game; the old link and every cookie it
     * set stop working at once (the change event also drops the shared board, which knows the token).
     */
    async rotateInvite(id: string, origin: string): Promise<GameInviteResponse> {
      const row = await lockGameOr404(repo, id, async (game) => {
        if (game.row.visibility !== 'invite') throw conflict(INVITE_ERRORS.notInviteOnly, 'NOT_INVITE_ONLY');
        return game.update({ invite_token: newInviteToken(), updated_at: clock().toISOString() });
      });
      // D46: members keep their access; whom the organizer removed may join again by the new link.
      await deps.members?.clearRemovals(id);
      events.publish({ game_id: id, reason: 'game' });
      return inviteOf(row, origin);
    },

    /**
     * Deletes a game that has no numbers drawn and is not completed (D13: completed games stay as
     * records). Its squares, grid numbers, draw log, scores and winners go with it; checkouts and
     * their items are kept (checkout_items has no foreign key to games).
     */
    async deleteGame(id: string, by: { actorId: string | null; origin: string } = { actorId: null, origin: '' }): Promise<{ id: string; title: string }> {
      const deleted = await lockGameOr404(repo, id, async (game) => {
        const { row } = game;
        if (!row.is_active) throw conflict(GAME_DELETE_COMPLETED, 'GAME_COMPLETED');
        if (row.grid_shuffled) throw conflict(GAME_ERRORS.cannotDeleteInProgress, 'GAME_IN_PROGRESS');
        // Issue 23: who owned squares, recorded before they go, so they read "cancelled by the
        // organizer" on the game's link instead of "not found" (docs/decisions/020).
        const record = deletedGamesRepository(game.tx);
        const owners = await record.owners(row.id, row.price_per_square_cents);
        await record.record(row, owners, by.actorId, clock().toISOString());
        // D13: before the row goes, inside this lock so no new hold or claim can start: each paid
        // checkout is refunded this game's part (issue 10: never anything of another game); its
        // open checkouts end after commit, as their provider says (records kept). Provider calls
        // and refund mails run only once the deletion is certain (withLockedGame runs them).
        await deps.checkouts?.releaseDeletedGame(game);
        await game.remove();
        // Issue 23: the organizer collected this game's money outside the app, so no refund mail
        // tells its players anything: this one does, queued with the deletion.
        if (row.payment_method === 'organizer') await tellCancelled(game, row.title, `${by.origin}/game/${row.id}`, owners);
        return { id: row.id, title: row.title };
      });
      events.publish({ game_id: id, reason: 'deleted' });
      return deleted;
    },
  };
}

export type GamesService = ReturnType<typeof gamesService>;

/** D45: the link a game is shared by and its QR code (D30's invite link for an invite-only game). */
async function shareOf(row: GameRow, origin: string): Promise<GameShareResponse['share']> {
  const url = shareLink(origin, row);
  return { url, qr_svg: await qrCodeSvg(url), visibility: row.visibility };
}

async function inviteOf(row: GameRow, origin: string): Promise<GameInviteResponse> {
  if (row.visibility !== 'invite' || row.invite_token === null) return { invite: null };
  const { url, qr_svg } = await shareOf(row, origin);
  return { invite: { url, qr_svg } };
}

type PayoutFields = Pick<GameFormValues, 'payout_schedule' | 'payout_shares' | 'organizer_percent' | 'organizer_label' | 'unbought_rule'>;

/** D34: a game's payout rules as their columns (migration 017); a schedule keeps no custom shares. */
function payoutColumns(values: PayoutFields) {
  const custom = values.payout_schedule === 'custom';
  return {
    payout_schedule: values.payout_schedule,
    payout_shares: custom && values.payout_shares ? JSON.stringify(values.payout_shares) : null,
    organizer_percent: custom ? (values.organizer_percent ?? 0) : null,
    organizer_label: values.organizer_label,
    unbought_rule: values.unbought_rule,
  };
}

/** The stored payout rules with an edit's fields over them. */
function mergedPayout(stored: Game, values: GameUpdateValues): PayoutFields {
  return {
    payout_schedule: values.payout_schedule ?? stored.payout_schedule,
    payout_shares: values.payout_shares !== undefined ? values.payout_shares : stored.payout_shares === null ? null : [...stored.payout_shares],
    organizer_percent: values.organizer_percent !== undefined ? values.organizer_percent : stored.organizer_percent,
    organizer_label: values.organizer_label ?? stored.organizer_label,
    unbought_rule: values.unbought_rule ?? stored.unbought_rule,
  };
}

/** The API's game (src/core/api/games.ts): money in cents, the price also in whole dollars. */
function commitRevealSeed(): { draw_seed: string; draw_seed_hash: string } {
  const { seed, hash } = newDrawSeed();
  return { draw_seed: seed, draw_seed_hash: hash };
}

export function toGame(row: GameRow): Game {
  const shape = shapeOfGame(row);
  return {
    id: row.id,
    title: row.title,
    team_a: row.team_a,
    team_b: row.team_b,
    // Only this service writes these two columns, always from the zod enums.
    game_type: row.game_type as GameType,
    price_per_square: centsToDollars(row.price_per_square_cents),
    price_per_square_cents: row.price_per_square_cents,
    total_pot_cents: row.total_pot_cents,
    collected_cents: row.collected_cents,
    squares_claimed: row.squares_claimed,
    squares_available: shape.size - row.squares_claimed,
    board_size: shape.size,
    board_rows: shape.rows,
    board_columns: shape.columns,
    digits_per_row: shape.digitsPerRow,
    digits_per_column: shape.digitsPerColumn,
    is_active: row.is_active,
    grid_shuffled: row.grid_shuffled,
    numbers_revealed: row.numbers_revealed,
    manual_numbers_set: row.manual_numbers_set,
    payout_schedule: row.payout_schedule as PayoutChoice,
    payout_shares: row.payout_shares === null ? null : (JSON.parse(row.payout_shares) as number[]),
    organizer_percent: row.organizer_percent,
    organizer_label: row.organizer_label,
    unbought_rule: row.unbought_rule,
    price_locked: row.price_locked,
    payment_method: row.payment_method,
    payment_instructions: row.payment_instructions,
    pay_by: row.pay_by,
    max_squares_per_player: row.max_squares_per_player,
    // D30: never the invite token.
    visibility: row.visibility,
    number_sets: isNumberSetMode(row.number_sets) ? row.number_sets : DEFAULT_NUMBER_SET_MODE,
    kickoff_at: row.kickoff_at,
    time_zone: row.time_zone,
    draw_at_kickoff: row.draw_at_kickoff,
    sales_closed_at: row.sales_closed_at,
    score_feed: gameScoreFeed(row),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

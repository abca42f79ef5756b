import { toBoardDigitSet } from '../draws/digit-sets';
import { randomInt } from 'node:crypto';
import type { BoardResponse, BoardSquare, BoardWinner, RandomPickRequest, RandomPickResponse } from '@core/api/board';
import type { MySquaresResponse } from '@core/api/my-squares';
import { boardShape, firstSquareOffBoard, squareOffBoardMessage, type BoardSize } from '@core/board-shape';
import { type Digit, type RandomInt, squareKey } from '@core/grid';
import { GAME_ERRORS } from '@core/messages';
import { owingFor } from '@core/payment-methods';
import { playerCapMessage, pickUpToMessage, squaresLeft } from '@core/player-limit';
import { onlyLeftMessage, openSquares, pickAtRandom, RANDOM_PICK_ERRORS } from '@core/random-pick';
import { salesClosedMessage, salesOpen } from '@core/sales';
import { isPeriod, numberSetPeriodsLabel, type Period, periodModel, type PeriodModel } from '@core/periods';
import { gameVisible } from '@core/visibility';
import { inviteMatches } from '../games/invite-tokens';
import type { MembersService } from '../games/members.service';
import { shapeOfGame } from '../games/games.repository';
import { toGame } from '../games/games.service';
import { badRequest, conflict, notFound } from '../http/errors';
import type { GameEventsHub } from '../realtime/memory-events';
import type { ServiceDeps } from '../service-deps';
import { sharedExpiringCache } from './board-cache';
import { parseAxis, toBoardNumbers } from '../db/grid-numbers';
import { withMine } from './board-json';
import type { BoardSquareRow, BoardWinnerRow, OwnedSquareRow, SquaresRepository } from './squares.repository';

/** Who is looking at a board: nobody (a visitor, D11), a player or an admin. */
export interface Viewer {
  readonly id: string;
  readonly isAdmin: boolean;
}

export interface SquaresServiceDeps extends ServiceDeps {
  repo: SquaresRepository;
  /** Board changes; each one drops the game's shared board. */
  events: Pick<GameEventsHub, 'subscribeAll'>;
  /** How long a board may be shown without changes; 0 turns the sharing off. */
  sharedBoardTtlMs?: number;
  /** Pick N at random's source (D44); node:crypto's randomInt unless a test replays one. */
  randomInt?: RandomInt;
  /** D46: members of invite-only games (games/members.service.ts). */
  members?: Pick<MembersService, 'membership'>;
}

/**
 * A change reaches every viewer at once, and every viewer then re-reads the board (D3): visitors
 * and players, who all see the same board but for their own squares, share one read per game for
 * up to a second (design notes 005, 007). Every change (published after commit, heard here before
 * viewers are told) drops it; the time limit bounds what no change announces, such as a hold
 * running out (D21).
 */
export const SHARED_BOARD_TTL_MS = 1000;

/** One read of a game's board as visitors see it, and which squares are whose. */
interface SharedBoard {
  readonly board: BoardResponse;
  /** The indexes in `board.squares` of each account's squares (owned, or held in its checkout). */
  readonly squaresOf: ReadonlyMap<string, readonly number[]>;
  /** The indexes of the owned squares not yet paid (D28), marked for their owner only. */
  readonly unpaid: ReadonlySet<number>;
  /** D30: the game's current invite token (never part of the board's JSON); null when it has none. */
  readonly inviteToken: string | null;
}

/** The board of a game (public, D11) and a player's own squares. */
export function squaresService(deps: SquaresServiceDeps) {
  const { repo, clock: now } = deps;
  const sharedBoardTtlMs = deps.sharedBoardTtlMs ?? SHARED_BOARD_TTL_MS;
  const random = deps.randomInt ?? ((max: number) => randomInt(max));
  const sharedBoards = sharedExpiringCache<SharedBoard>(sharedBoardTtlMs, () => now().getTime());
  deps.events.subscribeAll((event) => sharedBoards.invalidate(event.game_id));

  async function readSharedBoard(gameId: string): Promise<SharedBoard> {
    const { board, squareRows, inviteToken } = await readBoard(gameId, null);
    const squaresOf = new Map<string, number[]>();
    const unpaid = new Set<number>();
    squareRows.forEach((row, i) => {
      const indexes = squaresOf.get(row.user_id);
      if (indexes) indexes.push(i);
      else squaresOf.set(row.user_id, [i]);
      if (row.status === 'claimed' && !row.is_paid) unpaid.add(i);
    });
    return { board, squaresOf, unpaid, inviteToken };
  }

  async function readBoard(gameId: string, viewer: Viewer | null): Promise<{ board: BoardResponse; squareRows: BoardSquareRow[]; inviteToken: string | null }> {
    // Independent reads: in parallel on PostgreSQL's pool (SQLite runs them one after another).
    const [gameRow, squareRows, drawRows, setRows, announcementRows] = await Promise.all([
      repo.game(gameId),
      repo.boardSquares(gameId, now().toISOString()),
      repo.draws(gameId),
      repo.digitSets(gameId),
      repo.announcements(gameId),
    ]);
    // D46: a game that does not exist answers as one the viewer may not see.
    if (!gameRow) throw notFound(GAME_ERRORS.notFoundOrInviteOnly);
    const game = toGame(gameRow);
    const isAdmin = viewer?.isAdmin === true;
    const showNumbers = game.numbers_revealed || isAdmin;
    const showWinners = game.grid_shuffled && game.numbers_revealed;
    const [numbersRow, winnerRows] = await Promise.all([showNumbers ? repo.gridNumbers(gameId) : undefined, showWinners ? repo.winners(gameId) : []]);

    const squares: BoardSquare[] = squareRows.map((row) => ({
      x: row.x,
      y: row.y,
      status: row.status,
      owner_username: row.status === 'claimed' ? row.owner_username : null,
      owner_no_account: row.status === 'claimed' && Boolean(row.owner_no_account),
      owner_email: row.status === 'claimed' && isAdmin ? row.owner_email : null,
      // A held row's user is the buyer of its checkout (D21), so this covers the viewer's cart too.
      mine: viewer !== null && row.user_id === viewer.id,
      unpaid: row.status === 'claimed' && !row.is_paid && (isAdmin || (viewer !== null && row.user_id === viewer.id)),
    }));
    const numbers = numbersRow ? toBoardNumbers(gameId, numbersRow) : null;
    const board: BoardResponse = {
      game,
      squares,
      numbers,
      winners: numbers ? winnerRows.map((row) => toWinner(gameId, row)) : [],
      draws: drawRows.map((row) => ({ action: row.action, created_at: row.created_at })),
      draw_commit_hash: gameRow.draw_seed_hash,
      digit_sets: setRows.map((row) => toBoardDigitSet(gameRow, row, showNumbers)),
      announcements: announcementRows,
      // D28: what the viewer owes (an admin playing too); the shared read (no viewer) owes nothing.
      owing: viewer === null ? null : owingFor(game, squares.filter((square) => square.mine && square.unpaid).length),
    };
    return { board, squareRows, inviteToken: gameRow.invite_token };
  }

  /**
   * The board as `viewer` may see it (spec section 4, D11, D16, D17): owners' usernames for
   * everyone, e-mails for admins; the axis digits once revealed (admins: once drawn); winners
   * once the game is shuffled and its numbers exist and are revealed. Visitors and players get
   * the shared read (see SHARED_BOARD_TTL_MS), a player's with their own squares marked
   * (board-json.ts): treat it as read-only. Admins (e-mails, numbers before the reveal) read
   * their own.
   */
  async function board(gameId: string, viewer: Viewer | null, invite?: string): Promise<BoardResponse> {
    if (viewer?.isAdmin === true) return (await readBoard(gameId, viewer)).board;
    const shared = sharedBoardTtlMs <= 0 ? await readSharedBoard(gameId) : await sharedBoards.get(gameId, () => readSharedBoard(gameId));
    const mine = viewer === null ? undefined : shared.squaresOf.get(viewer.id);
    // D30 (games/game-access.ts), checked on every read, shared or not: an invite-only game's
    // board for its current invite or a viewer with squares on it (owned or in a live hold,
    // as this very read saw them); anyone else gets the answer of a game that does not exist.
    const visible = await gameVisible(shared.board.game.visibility, {
      isAdmin: () => Promise.resolve(false),
      hasCurrentInvite: inviteMatches(invite, shared.inviteToken),
      // D46: a member sees the game from any browser; one the organizer removed, not by the link.
      membership: () => (viewer === null || !deps.members ? Promise.resolve(null) : deps.members.membership(gameId, viewer.id)),
      ownsSquares: () => Promise.resolve(mine !== undefined),
    });
    if (!visible) throw notFound(GAME_ERRORS.notFoundOrInviteOnly);
    if (mine === undefined) return shared.board;
    const owing = owingFor(shared.board.game, mine.filter((i) => shared.unpaid.has(i)).length);
    return withMine(shared.board, mine, shared.unpaid, owing);
  }

  /**
   * D44 Pick N at random for a signed-in player: `count` squares among those nobody has or holds
   * and not in `exclude` (their cart), within the game's cap (D31). The game must be one they may
   * see (D30) and still selling. Nothing is reserved; the checkout checks the squares again.
   */
  async function randomPick(gameId: string, viewer: Viewer, invite: string | undefined, request: RandomPickRequest): Promise<RandomPickResponse> {
    const { game, squares, digit_sets } = await board(gameId, viewer, invite);
    const at = now();
    if (!salesOpen(game, at)) throw conflict(salesClosedMessage(game, digit_sets, at), 'GAME_CLOSED');
    const taken = new Set(squares.map(squareKey));
    const inCart = new Set(request.exclude.map(squareKey).filter((key) => !taken.has(key)));
    const left = squaresLeft(game.max_squares_per_player, squares.filter((square) => square.mine).length + inCart.size);
    if (left === 0) throw conflict(playerCapMessage(game.max_squares_per_player!), 'PLAYER_LIMIT');
    if (left !== null && request.count > left) throw conflict(pickUpToMessage(left), 'PLAYER_LIMIT');
    const shape = boardShape(game.board_size);
    const off = firstSquareOffBoard(shape, request.exclude);
    if (off) throw badRequest(squareOffBoardMessage(shape, off), 'SQUARE_OFF_BOARD', { x: off.x, y: off.y });
    const open = openSquares(shape, squares, request.exclude);
    if (open.length === 0) throw conflict(RANDOM_PICK_ERRORS.noneLeft, 'SQUARES_UNAVAILABLE');
    if (request.count > open.length) throw conflict(onlyLeftMessage(open.length), 'SQUARES_UNAVAILABLE');
    return { squares: pickAtRandom(open, request.count, random) };
  }

  return {
    board,
    randomPick,
    /** My Squares (spec section 2): claimed squares grouped by game, newest game first; refunds (D21). */
    async mySquares(userId: string): Promise<MySquaresResponse> {
      const [owned, refunds] = await Promise.all([repo.ownedSquares(userId), repo.refunds(userId)]);
      const sets = await repo.revealedDigitSets([...new Set(owned.map(({ game_id }) => game_id))]);
      const games: GameSquares[] = [];
      for (const row of owned) {
        let group = games.at(-1);
        if (!group || group.game_id !== row.game_id) {
          const model = periodModel(row.game_type);
          const number_sets = sets
            .filter((set) => set.game_id === row.game_id)
            .map((set) => ({
              periods_label: wholeGame(model, set)
                ? null
                : numberSetPeriodsLabel(model, { set: set.set_number, firstPeriod: set.first_period as Period, lastPeriod: set.last_period as Period }),
              x_axis_numbers: parseAxis(row.game_id, set.x_axis_numbers),
              y_axis_numbers: parseAxis(row.game_id, set.y_axis_numbers),
            }));
          const board_size = shapeOfGame(row).size;
          group = {
            game_id: row.game_id,
            title: row.title,
            team_a: row.team_a,
            team_b: row.team_b,
            board_size,
            squares: [],
            number_sets,
            owing: null,
            unpaid: 0,
            row,
          };
          games.push(group);
        }
        group.squares.push({ x: row.x, y: row.y, claimed_at: row.claimed_at });
        if (!row.is_paid) group.unpaid += 1;
      }
      return {
        games: games.map(({ unpaid, row, ...group }) => ({ ...group, owing: owingFor(row, unpaid) })),
        refunds: refunds.map((row) => ({
          checkout_id: row.id,
          amount_cents: row.amount_cents,
          description: row.description,
          reason: row.refund_reason ?? '',
          refunded_at: row.refunded_at ?? row.updated_at,
        })),
      };
    },
  };
}

export type SquaresService = ReturnType<typeof squaresService>;

interface GameSquares {
  game_id: string;
  title: string;
  team_a: string;
  team_b: string;
  board_size: BoardSize;
  squares: { x: number; y: number; claimed_at: string }[];
  number_sets: MySquaresResponse['games'][number]['number_sets'];
  owing: null;
  /** How many of the squares are not paid yet, and the game's facts for owingFor (D28). */
  unpaid: number;
  row: OwnedSquareRow;
}

/** A set that counts for every period of the game: its digits need no periods said. */
const wholeGame = (model: PeriodModel, set: { first_period: number; last_period: number }) =>
  set.first_period === model.periods[0] && set.last_period === model.periods.at(-1);

function toWinner(gameId: string, row: BoardWinnerRow): BoardWinner {
  // The database checks the period (1-4: every period any model has); the digits are written from a score's last digit.
  if (!isPeriod(row.period)) throw new Error(`game ${gameId}: winner record with quarter ${row.period}`);
  return {
    period: row.period,
    square_x: row.square_x,
    square_y: row.square_y,
    winning_numbers_x: row.winning_numbers_x as Digit,
    winning_numbers_y: row.winning_numbers_y as Digit,
    team_a_score: row.team_a_score,
    team_b_score: row.team_b_score,
    winner_username: row.winner_username,
    winner_no_account: Boolean(row.winner_no_account),
    payout_amount_cents: row.payout_amount_cents,
    payout_status: row.payout_status,
  };
}

import type { DrawRecord, DrawVerification } from '@core/api/draws';
import type { Executor } from '../db/executor';
import type { ServiceDeps } from '../service-deps';
import type { SquaresService, Viewer } from '../squares/squares.service';
import type { ChainInfo } from './beacon';
import { drawBoardOf } from './digit-sets';
import { checkDrawRecord } from './draw-record';

export interface DrawsServiceDeps extends ServiceDeps {
  /** The board's read decides who may see the game and which digits they may see. */
  squares: Pick<SquaresService, 'board'>;
  db: Executor;
  /** The beacon chain beacon sets are checked against (quicknet, pinned; a test's fake node). */
  chain: ChainInfo;
}

/** D38 (design note 030): a game's published draws, as public as its board, and their check. */
export function drawsService({ squares, db, chain }: DrawsServiceDeps) {
  /** The draw record: the hashed board, the commit and every set as the viewer may see it. */
  async function record(gameId: string, viewer: Viewer | null, invite: string | undefined): Promise<DrawRecord> {
    const board = await squares.board(gameId, viewer, invite);
    return { game_id: gameId, board: await drawBoardOf(db, gameId), commit_hash: board.draw_commit_hash, sets: [...board.digit_sets] };
  }

  return {
    record,

    /** The verify page's answer: the same recomputation as `npm run verify-draw`, from the record alone. */
    async verification(gameId: string, viewer: Viewer | null, invite: string | undefined): Promise<DrawVerification> {
      const published = await record(gameId, viewer, invite);
      return { record: published, sets: checkDrawRecord(published, chain).map((verdict) => ({ ...verdict, problems: [...verdict.problems] })) };
    },
  };
}

export type DrawsService = ReturnType<typeof drawsService>;

import type { Executor } from '../db/executor';

/** D39's kickoff run (kickoff.service.ts): the games it has to close, and its claim on one. */
export function kickoffRepository(db: Executor) {
  return {
    /** Games whose kickoff has passed and whose sales the run has not closed yet (index games_kickoff_idx). */
    async due(now: string): Promise<{ id: string; kickoff_at: string }[]> {
      const rows = await db
        .selectFrom('games')
        .select(['id', 'kickoff_at'])
        .where('kickoff_at', 'is not', null)
        .where('kickoff_at', '<=', now)
        .where('sales_closed_at', 'is', null)
        .orderBy('kickoff_at')
        .execute();
      return rows.filter((row): row is { id: string; kickoff_at: string } => row.kickoff_at !== null);
    },

    /**
     * Claims the game's kickoff run: one conditional update from null, for the kickoff the run read
     * (an edit may have moved it since). True for exactly one run across instances and restarts.
     */
    async claim(gameId: string, kickoffAt: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('games')
        .set({ sales_closed_at: now, updated_at: now })
        .where('id', '=', gameId)
        .where('kickoff_at', '=', kickoffAt)
        .where('sales_closed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

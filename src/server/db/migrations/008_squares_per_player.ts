import { sql, type Kysely } from 'kysely';

/** D31: a game may cap how many squares one player holds (1-100); null for no cap. */
export function squaresPerPlayer() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('games')
        .addColumn('max_squares_per_player', 'integer', (c) => c.check(sql`max_squares_per_player between 1 and 100`))
        .execute();
    },
  };
}

import { sql, type Kysely } from 'kysely';

/**
 * D36 (design note 028): a game's board shape, as its rows and columns: 10 x 10 (100 squares),
 * 5 x 10 (50) or 5 x 5 (25). Every game made before keeps the 10 x 10 board it was sold on.
 * The axes stay a stored permutation of 0-9 each; a line of a smaller board carries two digits.
 */
export function boardShapes() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('games')
        .addColumn('board_rows', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(10)
            .check(sql`board_rows in (5, 10)`),
        )
        .execute();
      await db.schema
        .alterTable('games')
        .addColumn('board_columns', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(10)
            .check(sql`board_columns in (5, 10)`),
        )
        .execute();
    },
  };
}

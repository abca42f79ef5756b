import { sql, type Kysely } from 'kysely';

/**
 * D38 (docs/decisions/030, "The beacon path"): how a game's sets are drawn, fixed at creation.
 * 'beacon' when DRAW_BEACON is on and drand answered then; 'commit-reveal' otherwise (every
 * existing game: they all have, or get at their first draw, a commit-reveal seed).
 */
export function drawMethod() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('games')
        .addColumn('draw_method', 'text', (c) =>
          c
            .notNull()
            .defaultTo('commit-reveal')
            .check(sql`draw_method in ('beacon', 'commit-reveal')`),
        )
        .execute();
    },
  };
}

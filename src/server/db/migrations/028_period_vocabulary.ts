import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../connection';

/**
 * Issue 34, one vocabulary (docs/GLOSSARY.md): a game's scoring parts are periods, quarters or
 * halves, so the tables say period where they meant any of them.
 * - `quarter_scores` is `period_scores`; its `quarter` column and `game_winners.quarter` are
 *   `period` (the checks on them follow the column on both databases).
 * - PostgreSQL's constraints take the new words too; SQLite keeps a constraint's name inside the
 *   table's text (renaming one means rebuilding the table) and never shows it.
 * - An activity entry's details say `period` where they said `quarter` (a confirmation's and the
 *   score feed's entries).
 */
export function periodVocabulary(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('quarter_scores').renameTo('period_scores').execute();
      await db.schema.alterTable('period_scores').renameColumn('quarter', 'period').execute();
      await db.schema.alterTable('game_winners').renameColumn('quarter', 'period').execute();
      if (kind === 'postgres') {
        for (const [table, from, to] of [
          ['period_scores', 'quarter_scores_pk', 'period_scores_pk'],
          ['period_scores', 'quarter_scores_quarter', 'period_scores_period'],
          ['period_scores', 'quarter_scores_range', 'period_scores_range'],
          ['period_scores', 'quarter_scores_game_id_fkey', 'period_scores_game_id_fkey'],
          ['period_scores', 'quarter_scores_entered_by_fkey', 'period_scores_entered_by_fkey'],
          ['game_winners', 'game_winners_one_per_quarter', 'game_winners_one_per_period'],
          ['game_winners', 'game_winners_quarter', 'game_winners_period'],
        ] as const) {
          await sql`alter table ${sql.table(table)} rename constraint ${sql.id(from)} to ${sql.id(to)}`.execute(db);
        }
        await sql`update game_activity set detail = ((detail::jsonb - 'quarter') || jsonb_build_object('period', detail::jsonb -> 'quarter'))::text
                  where detail is not null and detail::jsonb ? 'quarter'`.execute(db);
      } else {
        await sql`update game_activity set detail = json_remove(json_set(detail, '$.period', json_extract(detail, '$.quarter')), '$.quarter')
                  where detail is not null and json_extract(detail, '$.quarter') is not null`.execute(db);
      }
    },
  };
}

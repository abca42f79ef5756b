import { sql, type Kysely } from 'kysely';

/**
 * D34 (docs/decisions/031-payout-rules.md): a game's payout rules. `payout_schedule` is one of
 * the three schedules or 'custom'; custom shares are whole percents per period in playing order
 * (a JSON array, e.g. [10,20,30,30]) plus the organizer's (or a charity's) percent, with the name
 * that share goes by. `unbought_rule` says where a winning square nobody bought sends its money:
 * 'house' (D24, the default) or 'roll' (the next period; an unbought Final to the organizer's
 * share). Existing games keep their schedule and 'house'.
 */
export function payoutRules() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('games').addColumn('payout_shares', 'text').execute();
      await db.schema.alterTable('games').addColumn('organizer_percent', 'integer').execute();
      await db.schema
        .alterTable('games')
        .addColumn('organizer_label', 'text', (c) => c.notNull().defaultTo('Organizer'))
        .execute();
      await db.schema
        .alterTable('games')
        .addColumn('unbought_rule', 'text', (c) =>
          c
            .notNull()
            .defaultTo('house')
            .check(sql`unbought_rule in ('house', 'roll')`),
        )
        .execute();
    },
  };
}

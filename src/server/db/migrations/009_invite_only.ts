import { sql, type Kysely } from 'kysely';

/**
 * Invite-only games (D30, docs/decisions/011): a game is public (listed, its board readable by
 * anyone) or invite-only; an invite-only game's board and checkout need its invite link, whose
 * random token is `invite_token` (null until the game is first made invite-only; a new one when
 * the organizer rotates it).
 */
export function inviteOnly() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('games')
        .addColumn('visibility', 'text', (c) =>
          c
            .notNull()
            .defaultTo('public')
            .check(sql`visibility in ('public', 'invite')`),
        )
        .execute();
      await db.schema.alterTable('games').addColumn('invite_token', 'text').execute();
      await db.schema.createIndex('games_invite_token_idx').unique().on('games').column('invite_token').execute();
    },
  };
}

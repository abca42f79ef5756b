import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Members of invite-only games (D46, docs/decisions/019):
 *
 * - `game_members`: an account that opened a game's invite link. A member sees the game from any
 *   browser, also after the link is rotated. `removed_at` marks an account the organizer removed:
 *   it no longer sees the game from its account (unless it owns squares), and the link it opened
 *   does not make it a member again; a new link ("New link") clears the mark.
 * - `sign_in_tickets`: one per sign-in link asked for (D29). Its hash goes into the link's
 *   callbacks; it names the address the link was sent to and, when it was asked for from a
 *   game's invite (checked then, on the server), that game and the invite it was asked with.
 *   Opening the link makes the account a member of that game; an expired link's page resends
 *   to the same address and game with it.
 */
export function gameMembers(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('game_members')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('joined_at', t.timestamp, (c) => c.notNull())
        .addColumn('removed_at', t.timestamp)
        .addPrimaryKeyConstraint('game_members_pk', ['game_id', 'user_id'])
        .execute();
      await db.schema.createIndex('game_members_user_idx').on('game_members').column('user_id').execute();

      await db.schema
        .createTable('sign_in_tickets')
        // SHA-256 (base64url) of the ticket; the ticket itself is only in the mailed link.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text', (c) => c.references('games.id').onDelete('cascade'))
        // SHA-256 of the invite token the ticket was asked with: a rotated link ends the ticket's game part.
        .addColumn('invite_hash', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_tickets_expires_idx').on('sign_in_tickets').column('expires_at').execute();
    },
  };
}

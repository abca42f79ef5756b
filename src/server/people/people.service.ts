import { isPlaceholderEmail } from '@core/person';
import type { Db } from '../db/connection';
import type { Logger } from '../logger';
import type { MailOutbox } from '../mail/mail-queue.service';
import type { MailMessage } from '../mail/mailer';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import { namedPeopleRepository } from './people.repository';
import type { ServiceDeps } from '../service-deps';

/**
 * Named people (D29, docs/decisions/013): someone the organizer puts on squares without an
 * account ("Aunt May", optionally with her e-mail address). Each is a placeholder row in Better
 * Auth's `user` table, so every square still has an owner row the board, exports and winners read
 * as they always did, plus a `named_people` row with the real address. The placeholder's own
 * address is under `.invalid` (RFC 2606): no mail goes there (the mail queue skips it), it has no
 * password and no session, so nobody can sign in as it. Once an account with the real address
 * is confirmed, the person's squares, wins and log entries become that account's.
 */

/** True for an address no mail may be sent to: a named person's placeholder (and any `.invalid`). */
const isUndeliverable = isPlaceholderEmail;

export interface NamedPeopleDeps extends ServiceDeps {
  db: Db;
  events: GameEvents;
  log: Logger;
  /** After an adoption removed a password (design note 021): the mail that tells the address why, queued in the adoption's transaction. */
  passwordRemoved?: { mail: MailOutbox; message: (email: string) => MailMessage };
}

/** D29: when an address is confirmed, the squares of the named people with that address follow it. */
export function namedPeopleService({ db, events, log, clock, passwordRemoved }: NamedPeopleDeps) {
  async function adopt(account: { id: string; email: string }): Promise<string[]> {
    return service.adopt(account);
  }
  const service = {
    /**
     * Moves every unclaimed named person's squares, wins and log entries with this address to the
     * account, after removing the account's password and sessions (set before its address was
     * proven); the games changed. Runs when an address is confirmed, and at start for one whose
     * move was cut off.
     */
    async adopt(account: { id: string; email: string }): Promise<string[]> {
      const email = account.email.trim().toLowerCase();
      if (isUndeliverable(email)) return [];
      let passwordWasRemoved = false;
      const games = await db.transaction().execute(async (trx) => {
        passwordWasRemoved = false;
        const repo = namedPeopleRepository(trx);
        const ids = await repo.unclaimedWithEmail(email);
        if (ids.length === 0) return [];
        // Her squares go only to an account nobody else can sign in to (design note 021): a
        // password on it now was set before the address was proven, by whoever signed up with
        // it (the confirmation link proves the mailbox, not who chose the password). It goes, with
        // every session, in this transaction: the owner signs in by link or resets the password.
        passwordWasRemoved = await repo.removePasswordAndSessions(account.id);
        if (passwordWasRemoved) await passwordRemoved?.mail.enqueue(trx, passwordRemoved.message(account.email));
        const changed = await repo.gamesOf(ids);
        await repo.moveTo(ids, account.id, clock().toISOString());
        return changed;
      });
      if (passwordWasRemoved) passwordRemoved?.mail.nudge();
      for (const gameId of games) publishSafely(events, log, gameId, 'squares');
      if (games.length > 0) log.info({ userId: account.id, games: games.length }, "a named person's squares moved to their confirmed account");
      return games;
    },

    /**
     * At start: named people whose address has a confirmed account by now (a confirmation whose
     * adoption failed or was cut off by a crash) go to it.
     */
    async adoptPending(): Promise<number> {
      const accounts = await namedPeopleRepository(db).pendingAdoptions();
      for (const account of accounts) await adopt(account);
      return accounts.length;
    },
  };
  return service;
}

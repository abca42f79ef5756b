import type { FastifyBaseLogger } from 'fastify';
import type { ServiceDeps } from '../service-deps';
import type { AccountsRepository } from './accounts.repository';

interface AdminPolicy {
  /** ADMIN_EMAILS, lower-cased; empty means "the first confirmed account". */
  adminEmails: readonly string[];
}

export interface AccountsServiceDeps extends ServiceDeps {
  repo: AccountsRepository;
  policy: AdminPolicy;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** D29: what else follows a confirmed address (named people's squares move to the account). */
  onConfirmed?: (user: { id: string; email: string }) => Promise<unknown>;
}

/** Admin rights (D8): one flag, `isAdmin` on the account, decided on the server only. */
export function accountsService({ repo, policy, log, onConfirmed }: AccountsServiceDeps) {
  return {
    /** At start: listed addresses that already have confirmed accounts become admins. */
    async grantListedAdmins(): Promise<void> {
      const granted = await repo.grantListed(policy.adminEmails);
      if (granted) log.info(`Granted admin rights to ${granted} account(s) listed in ADMIN_EMAILS`);
    },

    /** After an e-mail is confirmed: a listed address, or the very first account of an install that never had an admin, becomes admin. */
    async onEmailConfirmed(user: { id: string; email: string }): Promise<void> {
      try {
        await onConfirmed?.(user);
      } catch (err) {
        // The squares wait: the start-up pass (namedPeople.adoptPending) moves them.
        log.warn({ err, userId: user.id }, 'squares of a named person could not move to the confirmed account');
      }
      const email = user.email.toLowerCase();
      if (policy.adminEmails.length) {
        if (policy.adminEmails.includes(email) && (await repo.grantAdmin(email))) {
          log.info(`${email} is an admin (listed in ADMIN_EMAILS)`);
        }
        return;
      }
      if (await repo.claimFirstAdmin(user.id)) {
        log.info(`${email} is the first confirmed account and is now the admin`);
      }
    },

    /** `npm run admin -- grant|revoke EMAIL`. Returns the sentence to print. */
    async setAdmin(email: string, isAdmin: boolean): Promise<{ ok: boolean; message: string }> {
      const normalized = email.trim().toLowerCase();
      if (!isAdmin && policy.adminEmails.includes(normalized)) {
        return { ok: false, message: `${normalized} is listed in ADMIN_EMAILS; remove it there to revoke its admin rights.` };
      }
      const account = await repo.findByEmail(normalized);
      if (!account) return { ok: false, message: `No account with the e-mail ${normalized}.` };
      if (isAdmin) {
        await repo.grantAdmin(normalized);
        return { ok: true, message: `${normalized} is now an admin.` };
      }
      // An install always keeps an admin: with none, nobody could run it (and nobody becomes one by confirming an address).
      if ((await repo.revokeAdmin(normalized)) === 'last-admin') {
        return {
          ok: false,
          message: `${normalized} is the only admin, so it keeps its admin rights. Make another account an admin first (npm run admin -- grant EMAIL), then revoke this one.`,
        };
      }
      return { ok: true, message: `${normalized} is no longer an admin.` };
    },

    async isAdmin(userId: string): Promise<boolean> {
      return (await repo.findById(userId))?.isAdmin === true;
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;

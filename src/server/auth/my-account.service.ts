import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_CHANGED_CALLBACK, type AccountResponse } from '@core/api/account';
import { ACCOUNT_TEXTS, USERNAME_TAKEN } from '@core/messages';
import { deleteBlockerMessage } from '@core/account-deletion';
import { AppError, badRequest, conflict, unauthorized } from '../http/errors';
import type { ServiceDeps } from '../service-deps';
import { EMAIL_CHANGE_FRESH_MINUTES } from '@core/account-safety';
import { AuthRefusal, type AccountActions, type AuthOutcome } from './account-actions';
import type { EmailUndoRepository, UndoRefusal } from './email-undo.repository';
import type { MyAccountRepository } from './my-account.repository';

export interface MyAccountServiceDeps extends ServiceDeps {
  repo: MyAccountRepository;
  actions: AccountActions;
  /** The old address's undo link after an e-mail change (docs/decisions/039). */
  undo: EmailUndoRepository;
  /** Account events are logged where the accounts service logs its own (the app's log), by account id. */
  log: Pick<FastifyBaseLogger, 'info'>;
}

/** The signed-in account a change is made for, and its request's headers (its session, for Better Auth). */
export interface AccountCaller {
  id: string;
  headers: Headers;
}

/**
 * D41's account page (docs/decisions/034): username, e-mail, password and deleting the account.
 * The changes run through Better Auth (account-actions.ts) with our checks first, so each
 * refusal carries our words; the deletion is ours (my-account.repository.ts).
 */
const UNDO_REFUSALS: Record<UndoRefusal, () => AppError> = {
  invalid: () => badRequest(ACCOUNT_TEXTS.undoInvalid, 'BAD_UNDO_LINK'),
  used: () => new AppError(409, 'BAD_UNDO_LINK', ACCOUNT_TEXTS.undoUsed),
  expired: () => new AppError(410, 'BAD_UNDO_LINK', ACCOUNT_TEXTS.undoExpired),
  taken: () => conflict(ACCOUNT_TEXTS.undoTaken),
};

export function myAccountService({ repo, actions, undo, log, clock }: MyAccountServiceDeps) {
  async function view(userId: string): Promise<AccountResponse> {
    const profile = await repo.profile(userId);
    if (!profile) throw unauthorized();
    return { ...profile, deleteBlockers: await repo.blockers(userId) };
  }

  /** Better Auth's refusals as our 4xx (its own words where we have none). */
  async function through(run: () => Promise<AuthOutcome>, words: Record<string, string> = {}): Promise<AuthOutcome> {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof AuthRefusal) || err.status >= 500) throw err;
      if (err.status === 401) throw unauthorized();
      const message = words[err.code] ?? err.message;
      throw err.status === 409 || err.status === 422 ? conflict(message) : badRequest(message);
    }
  }

  return {
    view,

    async changeUsername(caller: AccountCaller, username: string) {
      const before = await view(caller.id);
      if (before.username === username) throw badRequest(ACCOUNT_TEXTS.usernameSame);
      const outcome = await through(() => actions.updateUsername(caller.headers, username), { USERNAME_IS_ALREADY_TAKEN: USERNAME_TAKEN });
      log.info({ userId: caller.id, event: 'username-changed' }, 'account: username changed');
      return { ...outcome, account: await view(caller.id), message: ACCOUNT_TEXTS.usernameSaved };
    },

    /**
     * docs/decisions/039: a session alone does not move the account to another address. The
     * current password proves it is the owner; an account without one needs a recent sign-in
     * (a link that reached its current address).
     */
    async changeEmail(caller: AccountCaller, email: string, currentPassword: string | undefined) {
      const before = await view(caller.id);
      if (before.email.toLowerCase() === email) throw badRequest(ACCOUNT_TEXTS.emailSame);
      if (before.hasPassword) {
        if (!currentPassword) throw badRequest(ACCOUNT_TEXTS.emailPasswordRequired);
        if (!(await actions.verifyPassword(caller.headers, currentPassword))) throw badRequest(ACCOUNT_TEXTS.currentPasswordWrong);
      } else {
        const session = await actions.currentSession(caller.headers);
        if (!session) throw unauthorized();
        if (clock().getTime() - session.createdAt.getTime() > EMAIL_CHANGE_FRESH_MINUTES * 60_000) {
          throw new AppError(403, 'RECENT_SIGN_IN_REQUIRED', ACCOUNT_TEXTS.emailNeedsRecentSignIn);
        }
      }
      // Sign-up says an address is registered too (D6); this is rate limited like it.
      if (await repo.emailTaken(email, caller.id)) throw conflict(ACCOUNT_TEXTS.emailTaken);
      const outcome = await through(() => actions.changeEmail(caller.headers, email, EMAIL_CHANGED_CALLBACK));
      log.info({ userId: caller.id, event: 'email-change-requested' }, 'account: confirmation link sent to a new e-mail address');
      return { ...outcome, account: before, message: ACCOUNT_TEXTS.emailLinkSent(email) };
    },

    /**
     * The old address's undo link (docs/decisions/039), opened without a session: the old address
     * back, every session ended, the password removed, and a reset link mailed to that address.
     */
    async undoEmailChange(token: string, headers: Headers) {
      const outcome = await undo.undo(token, clock());
      if (!outcome.ok) throw UNDO_REFUSALS[outcome.reason]();
      log.info({ userId: outcome.userId, event: 'email-change-undone' }, 'account: e-mail change undone by the old address; sessions ended, password removed');
      await actions.requestPasswordReset(headers, outcome.email);
      return { message: ACCOUNT_TEXTS.undoDone(outcome.email) };
    },

    async changePassword(caller: AccountCaller, newPassword: string, currentPassword: string | undefined) {
      const before = await view(caller.id);
      if (!before.hasPassword) {
        const outcome = await through(() => actions.setPassword(caller.headers, newPassword), { PASSWORD_TOO_LONG: ACCOUNT_TEXTS.passwordTooLong });
        log.info({ userId: caller.id, event: 'password-set' }, 'account: first password set');
        return { ...outcome, account: await view(caller.id), message: ACCOUNT_TEXTS.passwordSet };
      }
      if (!currentPassword) throw badRequest(ACCOUNT_TEXTS.currentPasswordRequired);
      const outcome = await through(() => actions.changePassword(caller.headers, currentPassword, newPassword), {
        INVALID_PASSWORD: ACCOUNT_TEXTS.currentPasswordWrong,
        PASSWORD_TOO_LONG: ACCOUNT_TEXTS.passwordTooLong,
      });
      log.info({ userId: caller.id, event: 'password-changed' }, 'account: password changed; other sessions ended');
      return { ...outcome, account: await view(caller.id), message: ACCOUNT_TEXTS.passwordChanged };
    },

    /**
     * D41: refused while the account is the only admin or has money outstanding either way; the
     * confirmation is the username typed (the e-mail without one) and, for an account with a
     * password, that password (checked by Better Auth's verify-password).
     */
    async deleteAccount(caller: AccountCaller, confirm: string, password: string | undefined) {
      const before = await view(caller.id);
      const expected = before.username ?? before.email;
      if (confirm.trim().toLowerCase() !== expected.toLowerCase()) {
        throw badRequest(before.username ? ACCOUNT_TEXTS.deleteConfirmWrong : ACCOUNT_TEXTS.deleteConfirmWrongEmail);
      }
      const blocked = deleteBlockerMessage(before.deleteBlockers);
      if (blocked) throw conflict(blocked);
      if (before.hasPassword) {
        if (!password) throw badRequest(ACCOUNT_TEXTS.deletePasswordRequired);
        if (!(await actions.verifyPassword(caller.headers, password))) throw badRequest(ACCOUNT_TEXTS.currentPasswordWrong);
      }
      const result = await repo.erase(caller.id, clock().toISOString());
      if (!result.erased) throw conflict(deleteBlockerMessage(result.blockers)!);
      log.info({ userId: caller.id, event: 'account-deleted' }, 'account: deleted (e-mail address and sessions erased; squares stay under the username)');
      // The sessions are gone from the database; this clears the browser's cookies too.
      const { cookies } = await actions.signOut(caller.headers);
      return { cookies, message: ACCOUNT_TEXTS.deleted };
    },
  };
}

export type MyAccountService = ReturnType<typeof myAccountService>;

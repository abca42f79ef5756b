import type { BetterAuthOptions } from 'better-auth';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { Settings } from '../config';
import type { MailMessage } from '../mail/mailer';
import { signInLinkMail } from '../mail/templates';
import type { AccountsService } from './accounts.service';

/** D29: a sign-in link works once, for 15 minutes. */
const SIGN_IN_LINK_SECONDS = 15 * 60;
/** Better Auth's path for opening a sign-in link. */
const SIGN_IN_LINK_VERIFY_PATH = '/magic-link/verify';

export interface SignInLinkDeps {
  settings: Pick<Settings, 'ALLOW_SIGNUP'>;
  /** The mail queue: the mail is queued in a write of its own (auth.ts). */
  mail?: { send(message: MailMessage): Promise<void> };
  /** The origin links in mails use (auth.ts: PUBLIC_URL, or this machine in a trial). */
  linkOrigin: (url: string) => string;
}

/**
 * Signing in by e-mailed link (D29; design note 012): Better Auth's magic-link plugin on our
 * mail queue. The token is stored hashed and works once, for 15 minutes. A new address gets an
 * account whose e-mail is confirmed, with no password and no username yet (the web asks for
 * one at /welcome); with ALLOW_SIGNUP=false a new address's link is refused when opened
 * (`new_user_signup_disabled`), so the request's answer is the same for every address.
 */
export function signInLinkPlugin({ settings, mail, linkOrigin }: SignInLinkDeps) {
  return magicLink({
    expiresIn: SIGN_IN_LINK_SECONDS,
    storeToken: 'hashed',
    disableSignUp: !settings.ALLOW_SIGNUP,
    async sendMagicLink({ email, url }) {
      // The plugin's link with its callbacks (already plain paths on our origin: auth.routes.ts),
      // on the origin of every mailed link, as the confirmation link is built.
      const built = new URL(url);
      await mail?.send(signInLinkMail(email, `${linkOrigin(url)}${built.pathname}${built.search}`));
    },
  });
}

type UserHooks = NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['user']>;
type HookContext = { path?: string } | null | undefined;

/**
 * `accounts.onEmailConfirmed` for the two ways a sign-in link confirms an address (the third,
 * the confirmation link, is Better Auth's afterEmailVerification in auth.ts). Each runs once,
 * after the write commits:
 * - a new address: the plugin creates the account already confirmed (the only path that
 *   creates a confirmed user), so `create.after` with `emailVerified`;
 * - an unconfirmed password account: opening the link confirms it (Better Auth's
 *   revokeUnprovenAccountAccess also removes the password set before the address was proven
 *   and ends its sessions), so `update.after` on the link's path; that update happens only
 *   when the account was unconfirmed, and is the path's only write to the user.
 */
export function signInLinkConfirmationHooks(accounts: AccountsService | undefined): UserHooks {
  return {
    create: {
      async after(user) {
        if (user.emailVerified) await accounts?.onEmailConfirmed(user);
      },
    },
    update: {
      async after(user, context) {
        if (user && user.emailVerified && (context as HookContext)?.path === SIGN_IN_LINK_VERIFY_PATH) await accounts?.onEmailConfirmed(user);
      },
    },
  };
}

/** What the sign-in links need of D46's members (games/members.service.ts). */
export interface SignInLinkMembers {
  ticketRequest(body: Record<string, unknown>, cookieHeader: string | null | undefined): Promise<boolean>;
  redeemOnOpen(callbackURL: unknown, user: { id: string; email: string }): Promise<string | null>;
}

type SessionHooks = NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['session']>;
type VerifyContext = {
  path?: string;
  query?: { callbackURL?: unknown };
  context?: { internalAdapter?: { findUserById(id: string): Promise<{ id: string; email: string } | null> } };
};

/**
 * D46: opening a sign-in link makes a session; when the link's callback carries a ticket for a
 * game (asked for from its invite), the account becomes a member of that game. A failure here
 * is logged and never stops the sign-in.
 */
export function signInLinkMembershipHook(members: SignInLinkMembers | undefined, logError: (obj: object, msg: string) => void): SessionHooks {
  return {
    create: {
      async after(session, context) {
        const ctx = context as VerifyContext | null | undefined;
        if (!members || ctx?.path !== SIGN_IN_LINK_VERIFY_PATH) return;
        try {
          const user = await ctx.context?.internalAdapter?.findUserById(session.userId);
          if (user) await members.redeemOnOpen(ctx.query?.callbackURL, user);
        } catch (err) {
          logError({ err }, 'a sign-in link could not make its opener a member of the game');
        }
      },
    },
  };
}

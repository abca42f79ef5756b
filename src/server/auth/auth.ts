import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { username } from 'better-auth/plugins/username';
import { EMAIL_CHANGED_CALLBACK } from '@core/api/account';
import type { AuthErrorCode } from '@core/api/errors';
import { ACCOUNT_TEXTS, SIGN_IN_LINK, SIGNUP_ERRORS, USERNAME_TAKEN } from '@core/messages';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN, validatePassword } from '@core/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../config';
import type { DatabaseHandle } from '../db/connection';
import { mailLinkOrigin } from '../mail/link-origin';
import type { MailMessage } from '../mail/mailer';
import { confirmationMail, emailChangedMail, emailChangeMail, passwordResetMail } from '../mail/templates';
import type { AccountsRepository } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import type { EmailUndoRepository } from './email-undo.repository';
import { systemClock } from '../service-deps';
import { checkProfileUpdate, normalizeSignUpNames, profileDatabaseHooks } from './profile-rules';
import { signInLinkConfirmationHooks, signInLinkMembershipHook, signInLinkPlugin, type SignInLinkMembers } from './sign-in-links';

export interface AuthDeps {
  database: DatabaseHandle;
  settings: Settings;
  secret: string;
  /**
   * The mail queue (design note 026); absent only where no mail can be sent (the migrate step).
   * Better Auth's mails are outside our transactions: each is queued in a write of its own.
   */
  mail?: { send(message: MailMessage): Promise<void> };
  accounts?: AccountsService;
  accountsRepo?: AccountsRepository;
  /** The old address's undo link after an e-mail change (docs/decisions/039). */
  emailUndo?: EmailUndoRepository;
  /** D46: sign-in links asked for from a game's invite make their opener a member (tickets). */
  members?: SignInLinkMembers;
  /** Better Auth's own log lines go to the app's logger (and its LOG_LEVEL), not the console. */
  log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  /** The app's clock (service-deps.ts), for the times we store ourselves (an undo link's expiry); systemClock without it. */
  clock?: () => Date;
  /**
   * How passwords are hashed and checked; Better Auth's own (scrypt, N=16384, r=16) without it,
   * as every running app has it. Tests pass a cheaper scrypt (tests/support/app.ts, design note 002).
   */
  passwordHashing?: PasswordHashing;
}

/** Better Auth's `emailAndPassword.password` shape: a hash for a password, and whether a password matches a hash. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** Where the confirmation link sends people: the login page with the D6 message. */
const CONFIRMED_CALLBACK = '/login?confirmed=1';
const ONE_HOUR = 60 * 60;

const BODY_READING_PATHS = new Set(['/sign-up/email', '/update-user', '/reset-password', '/change-password', '/sign-in/magic-link']);

const apiError = (status: 'BAD_REQUEST' | 'UNPROCESSABLE_ENTITY' | 'FORBIDDEN', code: AuthErrorCode, message: string) =>
  new APIError(status, { code, message });

/**
 * Better Auth on our database (D6-D8): e-mail + password with a unique username, e-mail
 * confirmation before the first login, single-use reset links that expire within an hour and
 * end the account's other sessions. The same options drive the migrate step.
 */
export function authOptions(deps: AuthDeps): BetterAuthOptions {
  const { settings, mail, accounts, accountsRepo, emailUndo } = deps;
  const https = settings.PUBLIC_URL?.startsWith('https://') ?? false;
  // Links in mails: on PUBLIC_URL, or on the host the app was opened as only if it names this machine (item 9).
  const linkOrigin = (url: string) => mailLinkOrigin(new URL(url).origin, settings);
  /**
   * D41: the address an account had when its new address's link was opened, kept from the
   * /verify-email before-hook to afterEmailVerification of the same request, so the old address
   * is told of the change (Better Auth hands the callback the updated user only), with the
   * session that opened the link if it is the account's own (the one that stays signed in).
   */
  const oldAddresses = new Map<string, OldAddress>();
  // A mail is queued (one insert) and sent by the queue's job: no answer waits for (or is timed
  // by) a delivery (item 12).
  return {
    appName: 'Squares Pool',
    secret: deps.secret,
    basePath: '/api/auth',
    logger: deps.log ? { level: 'debug', log: (level, message, ...args) => deps.log![level]({ args }, `better-auth: ${message}`) } : { disabled: true },
    // Trial without PUBLIC_URL (D5): links and origin checks follow the host the app is opened as.
    baseURL: settings.PUBLIC_URL ?? { allowedHosts: ['*'], protocol: 'auto' },
    trustedOrigins: settings.PUBLIC_URL ? [new URL(settings.PUBLIC_URL).origin] : (request) => (request ? [new URL(request.url).origin] : []),
    database: { db: deps.database.raw, type: deps.database.kind, transaction: true },
    user: {
      additionalFields: {
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
      // D41: a new address gets a confirmation link (sendVerificationEmail below); the address
      // changes when it is opened. Reached only through /api/me/email (disabledPaths).
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: !settings.ALLOW_SIGNUP,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      ...(deps.passwordHashing ? { password: deps.passwordHashing } : {}),
      resetPasswordTokenExpiresIn: ONE_HOUR,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url, token }) {
        const link = `${linkOrigin(url)}/reset-password?token=${encodeURIComponent(token)}`;
        await mail?.send(passwordResetMail(user.email, link));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: ONE_HOUR,
      async sendVerificationEmail({ user, url, token }) {
        const name = (user as { displayUsername?: string }).displayUsername ?? user.name;
        // D41: the account has another address: this one is the new address asked for on /account.
        const stored = await accountsRepo?.findById(user.id);
        if (stored && stored.email.toLowerCase() !== user.email.toLowerCase()) {
          const link = `${linkOrigin(url)}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(EMAIL_CHANGED_CALLBACK)}`;
          await mail?.send(emailChangeMail(user.email, name, link));
          return;
        }
        const link = `${linkOrigin(url)}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(CONFIRMED_CALLBACK)}`;
        await mail?.send(confirmationMail(user.email, name, link));
      },
      async afterEmailVerification(user) {
        await accounts?.onEmailConfirmed(user);
        const old = oldAddresses.get(user.id);
        oldAddresses.delete(user.id);
        if (old && old.email.toLowerCase() !== user.email.toLowerCase()) {
          // docs/decisions/039: a stolen session that changed the address keeps nothing; the old
          // address gets a link that puts it back.
          await emailUndo?.endOtherSessions(user.id, old.sessionId);
          const name = (user as { displayUsername?: string | null }).displayUsername ?? null;
          const token = await emailUndo?.issue({ userId: user.id, oldEmail: old.email, newEmail: user.email }, (deps.clock ?? systemClock)());
          const link = token ? `${old.origin}/email-undo?token=${encodeURIComponent(token)}` : `${old.origin}/login`;
          await mail?.send(emailChangedMail(old.email, { username: name, newEmail: user.email, undoLink: link }));
        }
      },
    },
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN_LENGTH,
        maxUsernameLength: USERNAME_MAX_LENGTH,
        // The same rule as ours (core/validation.ts), for the plugin's own checks.
        usernameValidator: (value) => USERNAME_PATTERN.test(value),
        displayUsernameValidator: (value) => USERNAME_PATTERN.test(value),
      }),
      // D29: signing in by e-mailed link (sign-in-links.ts).
      signInLinkPlugin({ settings, mail, linkOrigin }),
    ],
    // Usernames and the names shown for them, on every write of a user row (issue 10), and the
    // confirmations a sign-in link makes (D29, D8).
    databaseHooks: {
      user: {
        create: { ...profileDatabaseHooks.user!.create, ...signInLinkConfirmationHooks(accounts).create },
        update: { ...profileDatabaseHooks.user!.update, ...signInLinkConfirmationHooks(accounts).update },
      },
      // D46: the session a sign-in link makes joins the game its ticket names.
      session: signInLinkMembershipHook(deps.members, (obj, msg) => deps.log?.error(obj, msg)),
    },
    hooks: {
      // Our rules run before Better Auth's, so the answers carry the spec's texts (D6, D7).
      before: createAuthMiddleware(async (ctx) => {
        // These hooks (ours and the username plugin's) read the body's fields: no body is a 400, not a crash.
        if (BODY_READING_PATHS.has(ctx.path) && (typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body))) {
          throw apiError('BAD_REQUEST', 'BODY_MUST_BE_AN_OBJECT', 'The request body must be a JSON object.');
        }
        if (ctx.path === '/sign-up/email') {
          if (!settings.ALLOW_SIGNUP) throw apiError('FORBIDDEN', 'SIGNUP_DISABLED', SIGNUP_ERRORS.disabled);
          const body = ctx.body as { email?: string; password?: unknown; username?: unknown };
          const password = validatePassword(textField(body.password));
          if (!password.ok) throw apiError('BAD_REQUEST', 'WEAK_PASSWORD', password.message);
          const username = normalizeSignUpNames(body);
          if (accountsRepo && body.email && (await accountsRepo.findByEmail(body.email))) {
            // D6: sign-up says so (the spec's already-registered flow); rate limits bound enumeration.
            throw apiError('UNPROCESSABLE_ENTITY', 'USER_ALREADY_EXISTS', SIGNUP_ERRORS.alreadyRegistered);
          }
          if (accountsRepo && (await accountsRepo.usernameTaken(username))) {
            throw apiError('UNPROCESSABLE_ENTITY', 'USERNAME_IS_ALREADY_TAKEN', USERNAME_TAKEN);
          }
        }
        if (ctx.path === '/update-user') await checkProfileUpdate(ctx, accountsRepo);
        if (ctx.path === '/sign-in/magic-link') {
          // A new account's names come from /welcome's username (profile-rules.ts), never from the
          // request for a link; nor does anything else the body carries reach the mail.
          const body = ctx.body as { name?: unknown; metadata?: unknown };
          delete body.name;
          delete body.metadata;
          // D46: the link's ticket (the game it joins, checked here against the invite cookie).
          if (deps.members && !(await deps.members.ticketRequest(ctx.body as Record<string, unknown>, ctx.headers?.get('cookie')))) {
            throw apiError('BAD_REQUEST', 'SIGN_IN_TICKET_EXPIRED', SIGN_IN_LINK.ticketExpired);
          }
        }
        if (ctx.path === '/verify-email') {
          await refuseUndoneChange(ctx, emailUndo);
          await refuseTakenNewAddress(ctx, accountsRepo);
          await rememberOldAddress(ctx, accountsRepo, oldAddresses, (url) => linkOrigin(url));
        }
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const password = validatePassword(textField((ctx.body as { newPassword?: unknown }).newPassword));
          if (!password.ok) throw apiError('BAD_REQUEST', 'WEAK_PASSWORD', password.message);
        }
      }),
    },
    // People log in with their e-mail (spec); a second, unthrottled login door stays shut.
    // Sign-in is by e-mail; the availability check would be an unlimited oracle the web never uses.
    // D41: an address changes through /api/me/email (our checks and rate limit), never this door.
    disabledPaths: ['/sign-in/username', '/is-username-available', '/change-email'],
    // Rate limits are ours (auth.routes.ts), keyed on the client IP as Fastify sees it.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
    },
    telemetry: { enabled: false },
  };
}

/**
 * D41: a new address's confirmation link, opened after another account took that address, is
 * refused in words (back to /account with `error=EMAIL_TAKEN`) rather than by the unique index.
 * The token's payload is read unverified: it can only refuse here; Better Auth verifies it after.
 */
async function refuseTakenNewAddress(ctx: { query?: unknown; redirect(url: string): unknown }, accountsRepo: AccountsRepository | undefined): Promise<void> {
  const { callbackURL } = (ctx.query ?? {}) as { callbackURL?: unknown };
  const payload = changeTokenPayload(ctx);
  if (!accountsRepo || !payload) return;
  const holder = await accountsRepo.findByEmail(payload.updateTo);
  if (!holder || holder.id === payload.userId) return;
  if (typeof callbackURL === 'string') {
    const target = new URL(callbackURL, 'http://local');
    target.searchParams.set('error', 'EMAIL_TAKEN');
    throw ctx.redirect(target.pathname + target.search);
  }
  throw apiError('UNPROCESSABLE_ENTITY', 'EMAIL_TAKEN', ACCOUNT_TEXTS.emailTaken);
}

/**
 * docs/decisions/039: an e-mail change's link made before the owner undid a change of that
 * account is void (its old address is the account's again, so Better Auth alone would accept it).
 */
async function refuseUndoneChange(ctx: { query?: unknown; redirect(url: string): unknown }, emailUndo: EmailUndoRepository | undefined): Promise<void> {
  const payload = changeTokenPayload(ctx);
  if (!emailUndo || !payload || !(await emailUndo.undoneSince(payload.userId, new Date(payload.issuedAt * 1000)))) return;
  const { callbackURL } = (ctx.query ?? {}) as { callbackURL?: unknown };
  if (typeof callbackURL === 'string') {
    const target = new URL(callbackURL, 'http://local');
    target.searchParams.set('error', 'INVALID_TOKEN');
    throw ctx.redirect(target.pathname + target.search);
  }
  throw apiError('BAD_REQUEST', 'INVALID_TOKEN', ACCOUNT_TEXTS.emailLinkExpired);
}

/** An e-mail change's link token, read unverified (Better Auth verifies it after our hooks): the account, its new address and when it was made. */
function changeTokenPayload(ctx: { query?: unknown }): { userId: string; updateTo: string; issuedAt: number } | null {
  const { token } = (ctx.query ?? {}) as { token?: unknown };
  if (typeof token !== 'string') return null;
  let payload: { updateTo?: unknown; userId?: unknown; iat?: unknown };
  try {
    payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as typeof payload;
  } catch {
    return null;
  }
  if (typeof payload.updateTo !== 'string' || typeof payload.userId !== 'string') return null;
  return { userId: payload.userId, updateTo: payload.updateTo, issuedAt: typeof payload.iat === 'number' ? payload.iat : 0 };
}

/** Bounds the old addresses kept between the hooks of one request (an entry stays only when verification failed). */
const MAX_OLD_ADDRESSES = 1000;

interface OldAddress {
  email: string;
  origin: string;
  /** The session that opened the link, when it is the account's own: it stays signed in. */
  sessionId: string | null;
}

/** D41: before an e-mail change's link is verified, the account's current (old) address, for its notice. */
async function rememberOldAddress(
  ctx: Parameters<typeof getSessionFromCtx>[0] & { query?: unknown },
  accountsRepo: AccountsRepository | undefined,
  oldAddresses: Map<string, OldAddress>,
  linkOrigin: (url: string) => string,
): Promise<void> {
  const payload = changeTokenPayload(ctx);
  if (!accountsRepo || !payload) return;
  const account = await accountsRepo.findById(payload.userId);
  if (!account || account.email.toLowerCase() === payload.updateTo.toLowerCase()) return;
  const session = await getSessionFromCtx(ctx);
  if (oldAddresses.size >= MAX_OLD_ADDRESSES) oldAddresses.delete(oldAddresses.keys().next().value!);
  oldAddresses.set(payload.userId, {
    email: account.email,
    origin: linkOrigin(ctx.request?.url ?? 'http://localhost'),
    sessionId: session?.user.id === payload.userId ? session.session.id : null,
  });
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;

/** A body field our rules read as text: anything else (a number, an object) reads as empty and is refused by the rule. */
function textField(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

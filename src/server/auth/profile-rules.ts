import type { BetterAuthOptions } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { AuthErrorCode } from '@core/api/errors';
import { DISPLAY_USERNAME_MISMATCH, USERNAME_INVALID_CHARACTERS, USERNAME_TAKEN, USERNAME_TOO_LONG, USERNAME_TOO_SHORT } from '@core/messages';
import { validateDisplayUsername, validateUsername } from '@core/validation';
import type { AccountsRepository } from './accounts.repository';

/**
 * The names an account shows (issue 10): a username of ASCII letters, digits and _ . - (3-30),
 * unique in any case (D6); its display username and Better Auth's `name` are that username in
 * any mix of case, nothing else. Checked where a request can set them (sign-up, update-user,
 * with the spec's texts) and again below every Better Auth endpoint, on each write of a user
 * row (database hooks), so no other path can store a name that breaks the rule.
 */

const USERNAME_CODES: Record<string, AuthErrorCode> = {
  [USERNAME_TOO_SHORT]: 'USERNAME_TOO_SHORT',
  [USERNAME_TOO_LONG]: 'USERNAME_TOO_LONG',
  [USERNAME_INVALID_CHARACTERS]: 'INVALID_USERNAME',
};
const PICTURE_NOT_SUPPORTED = 'Profile pictures are not supported.';

/** A 400 in Better Auth's error shape ({code, message}), thrown inside its endpoints and hooks. */
const refusedByAuth = (code: AuthErrorCode, message: string) => new APIError('BAD_REQUEST', { code, message });
const taken = () => new APIError('UNPROCESSABLE_ENTITY', { code: 'USERNAME_IS_ALREADY_TAKEN', message: USERNAME_TAKEN });

/** The username as it will be stored (normalized, trimmed), or a 400 with its message. */
function checkedUsername(value: unknown): string {
  const result = validateUsername(typeof value === 'string' ? value : '');
  if (!result.ok) throw refusedByAuth(USERNAME_CODES[result.message] ?? 'INVALID_USERNAME', result.message);
  return result.value;
}

/** A display name (or `name`) for this username, or a 400 "differ only in case". */
function checkedDisplayName(value: unknown, username: string): string {
  const result = validateDisplayUsername(typeof value === 'string' ? value : '', username);
  if (!result.ok) throw refusedByAuth('INVALID_DISPLAY_USERNAME', result.message);
  return result.value;
}

interface ProfileBody {
  username?: unknown;
  displayUsername?: unknown;
  name?: unknown;
  image?: unknown;
}

/**
 * Sign-up: the username's own message first (the spec's order), then a display name that must
 * be that username; `name` is set to the display name (spec: metadata full_name = username).
 * Rewrites the body with the normalized values. Uniqueness is the caller's (after the e-mail).
 */
export function normalizeSignUpNames(body: ProfileBody): string {
  const username = checkedUsername(body.username);
  const displayUsername = body.displayUsername === undefined ? username : checkedDisplayName(body.displayUsername, username);
  body.username = username;
  body.displayUsername = displayUsername;
  body.name = displayUsername;
  return username;
}

/**
 * update-user: a new username follows the sign-up rules and D6's "already taken" (another
 * account's, in any case); a display name or name must match the username the account will
 * have; a new username without a display name brings its own. No profile picture: the app shows
 * none, so it would only be stored and served back.
 */
export async function checkProfileUpdate(
  ctx: Parameters<typeof getSessionFromCtx>[0] & { body?: unknown },
  accountsRepo: AccountsRepository | undefined,
): Promise<void> {
  const body = ctx.body as ProfileBody | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  if (body.image !== undefined && body.image !== null) throw refusedByAuth('PROFILE_PICTURE_NOT_SUPPORTED', PICTURE_NOT_SUPPORTED);
  if (body.username === undefined && body.displayUsername === undefined && body.name === undefined) return;
  const session = await getSessionFromCtx(ctx);
  // Signed out: the endpoint itself answers 401.
  if (!session) return;
  let username = (session.user as { username?: string | null }).username ?? '';
  if (body.username !== undefined) {
    username = checkedUsername(body.username);
    if (accountsRepo && (await accountsRepo.usernameTaken(username, session.user.id))) throw taken();
    body.username = username;
    body.displayUsername ??= username;
    body.name ??= body.displayUsername;
  }
  if (body.displayUsername !== undefined) body.displayUsername = checkedDisplayName(body.displayUsername, username);
  if (body.name !== undefined) body.name = checkedDisplayName(body.name, username);
}

/** A user row as a database hook sees it: only the fields being written. */
type UserWrite = Record<string, unknown>;

/**
 * The rule at the bottom: every user row Better Auth creates or updates. A display name whose
 * username is unknown (an update outside a signed-in request that does not set the username)
 * is refused rather than trusted.
 */
function assertNames(data: UserWrite, currentUsername: string | undefined): void {
  const username = typeof data.username === 'string' ? data.username : currentUsername;
  if (data.username !== undefined && data.username !== null) {
    const stored = checkedUsername(data.username);
    if (stored !== data.username) throw refusedByAuth('INVALID_USERNAME', USERNAME_INVALID_CHARACTERS);
  }
  for (const field of ['displayUsername', 'name'] as const) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    // D29: an account made by a sign-in link has no username yet, and Better Auth's `name` is then empty.
    if (field === 'name' && value === '' && (username === undefined || username === null)) continue;
    if (username === undefined || checkedDisplayName(value, username) !== value) {
      throw refusedByAuth('INVALID_DISPLAY_USERNAME', DISPLAY_USERNAME_MISMATCH);
    }
  }
}

export const profileDatabaseHooks: NonNullable<BetterAuthOptions['databaseHooks']> = {
  user: {
    create: {
      async before(user) {
        assertNames(user, undefined);
      },
    },
    update: {
      async before(data, context) {
        const session = (context?.context as { session?: { user?: { username?: string | null } } } | undefined)?.session;
        assertNames(data, session?.user?.username ?? undefined);
      },
    },
  },
};

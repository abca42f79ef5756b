import { createHmac, timingSafeEqual } from 'node:crypto';
import { isOptOutKind, type OptOutKind } from '@core/mail-kinds';

/**
 * One-click unsubscribe links (D40, RFC 8058; docs/decisions/037). A link names an account and an
 * opt-out kind and carries an HMAC-SHA256 of both under a key derived from the app's secret (the
 * session signing secret), so it needs no login and cannot be made for another account or kind.
 * It does not expire: an old mail's link keeps working, as mail clients expect of List-Unsubscribe.
 */
const VERSION = 'u1';

function keyOf(secret: string): Buffer {
  // A key of its own, so a signature here is never a valid signature anywhere else the secret signs.
  return createHmac('sha256', secret).update('squares-pool unsubscribe links').digest();
}

function signatureOf(key: Buffer, userId: string, kind: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}\n${userId}\n${kind}`).digest();
}

export interface UnsubscribeSigner {
  /** The token of a link: `u1.<account id>.<kind>.<signature>` (base64url). */
  token(userId: string, kind: OptOutKind): string;
  /** The account and kind a token names, or null when it is not one of ours (cut short, changed, another secret). */
  verify(token: string): { userId: string; kind: OptOutKind } | null;
}

export function unsubscribeSigner(secret: string): UnsubscribeSigner {
  const key = keyOf(secret);
  return {
    token(userId, kind) {
      return `${VERSION}.${Buffer.from(userId).toString('base64url')}.${kind}.${signatureOf(key, userId, kind).toString('base64url')}`;
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > 400) return null;
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) return null;
      const [, encodedUser, kind, signature] = parts as [string, string, string, string];
      if (!isOptOutKind(kind) || !/^[\w-]+$/.test(encodedUser) || !/^[\w-]+$/.test(signature)) return null;
      const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
      const expected = signatureOf(key, userId, kind);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId, kind };
    },
  };
}

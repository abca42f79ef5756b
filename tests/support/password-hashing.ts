import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { PasswordHashing } from '../../src/server/auth/auth';

const scryptAsync = promisify(scrypt) as (password: string, salt: string, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/**
 * How test apps hash passwords: scrypt as Better Auth's own (the same `salt:key` shape) at a
 * cost a 64th of it (N=1024, r=4), about 1 ms instead of 100 of a core. A test run signs up
 * and signs in over a thousand times; at the app's cost that was a tenth of the server phases'
 * CPU (design note 002). A test that is about the stored hash asks for the app's own
 * (`appPasswordHashing`).
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await key(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(':');
    if (!salt || !stored) return false;
    const expected = Buffer.from(stored, 'hex');
    const actual = await key(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};

function key(password: string, salt: string): Promise<Buffer> {
  return scryptAsync(password.normalize('NFKC'), salt, 64, { N: 1024, r: 4, p: 1 });
}

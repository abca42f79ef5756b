import type { BetterAuthOptions } from 'better-auth';
import { username } from 'better-auth/plugins/username';
import type { DatabaseHandle } from '../db/connection';

/**
 * Better Auth's options on our own database. The accounts issue builds sign-up, confirmation,
 * reset and admins on these; the migrate step uses them to create Better Auth's tables.
 */
export function authOptions(handle: DatabaseHandle, secret: string, baseURL?: string): BetterAuthOptions {
  return {
    appName: 'Squares Pool',
    secret,
    ...(baseURL ? { baseURL } : {}),
    basePath: '/api/auth',
    database: { db: handle.raw, type: handle.kind },
    emailAndPassword: { enabled: true },
    plugins: [username({ minUsernameLength: 3 })],
    telemetry: { enabled: false },
  };
}

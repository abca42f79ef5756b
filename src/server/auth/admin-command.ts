import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../config';
import type { DatabaseHandle } from '../db/connection';
import { accountsRepository } from './accounts.repository';
import { accountsService } from './accounts.service';
import { systemClock } from '../service-deps';

export const ADMIN_USAGE = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL';

/**
 * `npm run admin -- grant|revoke EMAIL` (D8): changes the admin flag for good. Revoking an
 * address listed in ADMIN_EMAILS is refused, since the next start would grant it again.
 * Returns the exit code and the sentence to print.
 */
export async function runAdminCommand(
  args: readonly string[],
  settings: Settings,
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<{ code: number; message: string }> {
  const [action, email, ...rest] = args;
  if ((action !== 'grant' && action !== 'revoke') || !email?.trim() || rest.length) {
    return { code: 2, message: ADMIN_USAGE };
  }
  const service = accountsService({
    repo: accountsRepository(database.db, database.kind),
    policy: { adminEmails: settings.ADMIN_EMAILS },
    log,
    clock: systemClock,
  });
  const result = await service.setAdmin(email, action === 'grant');
  return { code: result.ok ? 0 : 1, message: result.message };
}

/** What the create and edit pages do after saving a game: wait, then move on; or say why it failed. */
import { isApiError, isServerMessage } from '@/lib/api';

/** The spec's redirect delay after a successful create or update (section 4: 0.5 s). */
export const REDIRECT_DELAY_MS = 500;

/**
 * The banner and toast text for a failed save: the server's own message for the statuses
 * given (its validation text for 400, its reason for a 409 refusal), else the spec's fallback.
 */
export function saveErrorMessage(error: unknown, serverStatuses: readonly number[], fallback: string): string {
  if (isApiError(error) && serverStatuses.includes(error.status) && isServerMessage(error) && error.message) {
    return error.message;
  }
  return fallback;
}

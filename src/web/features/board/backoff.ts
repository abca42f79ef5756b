/** The first wait after a failed live-update stream; each further failure doubles it. */
const RECONNECT_BASE_MS = 2_000;
/** The longest wait between attempts. */
export const RECONNECT_MAX_MS = 60_000;

/**
 * How long to wait before the `attempt`-th reconnection (0 for the first) of a stream the
 * browser gave up on (the server refused it: 429 or 503 when busy, or it failed): exponential,
 * capped, with "equal jitter" (between half and all of the step) so that viewers refused
 * together do not all come back at the same moment.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const n = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), 30) : 30;
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** n);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(step / 2 + (step / 2) * r);
}

import type { BoardDraw } from '@core/api/board';
import { formatGameTime } from '@core/game-time';
import { drawLogSummary } from '@core/status';
import { recentTime } from '@/lib/time';

/**
 * D17: "drawn 7:02 PM; redrawn once", or null before any draw. The times are said in the game's
 * zone (D39); a game made before zones reads them in the reader's clock.
 */
export function drawLogText(draws: readonly BoardDraw[], zone: string | null): string | null {
  return drawLogSummary(
    draws.map((draw) => ({ kind: draw.action === 'drawn' ? ('draw' as const) : ('clear' as const), at: draw.created_at })),
    zone ? (at) => formatGameTime(at, zone) : recentTime,
  );
}

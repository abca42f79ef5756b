import { cn } from '@/lib/utils';
import type { LiveStatus } from './board-data';

/** Whether the board follows live updates: "Live" (pulsing while the game is in progress), or "Reconnecting...". */
export function LiveIndicator({ status, inProgress }: { status: LiveStatus; inProgress: boolean }) {
  if (status === 'connecting') return null;
  const liveNow = status === 'live';
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="live-status" data-status={status}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', liveNow ? cn('bg-success', inProgress && 'motion-safe:animate-pulse') : 'bg-warning')} />
      {liveNow ? 'Live' : 'Reconnecting...'}
    </span>
  );
}

/**
 * A game's activity log (D32): on the admin page every entry (who did what, when), on the game's
 * page a player's own entries ("History of your squares"). Newest first; the board's live
 * updates read it again.
 */
import { ErrorState } from '@/components/page';
import { Skeleton } from '@/components/ui/skeleton';
import { useGameActivity } from '@/features/admin-game/organizer';
import { formatGameTime } from '@core/game-time';

export function GameActivity({ gameId, zone, title, emptyText }: { gameId: string; zone: string | null; title: string; emptyText: string }) {
  const activity = useGameActivity(gameId);
  const headingId = `activity-heading-${gameId}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="game-activity">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {activity.data ? (
        activity.data.entries.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          // A long log scrolls inside its box: focusable, so a keyboard can scroll it too.
          <ol
            tabIndex={0}
            className="flex max-h-96 flex-col divide-y divide-border/70 overflow-y-auto rounded-xl border bg-card text-sm shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-label={title}
          >
            {activity.data.entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-3" data-testid="activity-entry">
                <time dateTime={entry.created_at} className="shrink-0 whitespace-nowrap text-muted-foreground tabular-nums sm:w-52">
                  {formatGameTime(entry.created_at, zone)}
                </time>
                <span className="min-w-0 [overflow-wrap:anywhere]" data-testid="activity-message">
                  {entry.message}
                </span>
              </li>
            ))}
          </ol>
        )
      ) : activity.isError && !activity.isFetching ? (
        <ErrorState title="Failed to load the activity" onRetry={() => void activity.refetch()} />
      ) : (
        <div aria-busy="true">
          <span role="status" className="sr-only">
            Loading activity...
          </span>
          <Skeleton className="h-24" />
        </div>
      )}
    </section>
  );
}

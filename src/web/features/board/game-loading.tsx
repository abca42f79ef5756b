import { usePageTitle } from '@/components/page';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { BoardSkeleton } from './board';
import { GAME_PAGE_CLASS } from './game-page-class';

/** The game page's placeholder in its layout while the board loads. */
export function GameLoading() {
  usePageTitle('Loading game...');
  return (
    <div className={cn('mx-auto flex w-full max-w-7xl flex-col gap-6 py-6 md:py-8', GAME_PAGE_CLASS)} data-testid="game-loading">
      <span role="status" className="sr-only">
        Loading game...
      </span>
      <Skeleton className="h-8 w-20" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-5 w-40" />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-4">
          <Skeleton className="h-5 w-56" />
          <BoardSkeleton />
        </div>
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}

/**
 * The admin game page's one board (issue 14, design note 016): a single grid in one of two
 * modes. "Board tools" (D32: select squares, assign, mark paid, release, move) is the default
 * while squares are for sale; "Pick winners" (the spec's Grid Selection, D20: a period's winning
 * square and its payout) once the numbers are drawn. The organizer's own choice wins over the
 * default until they leave the page. Players' view of the board is one link away.
 */
import type { GameDayView } from '@core/api/game-day';
import { salesOpen } from '@core/sales';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { GridSelection } from '@/features/game-day/game-day-grid';
import { OrganizerBoard } from './organizer-board';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { gameBoardPath } from '@/features/game-lists/game-cards';

export type AdminBoardMode = 'tools' | 'winners';

/** Board tools while squares sell; Pick winners once the numbers are drawn (or the game is over). */
function defaultBoardMode(game: GameDayView['game']): AdminBoardMode {
  return salesOpen(game, new Date()) ? 'tools' : 'winners';
}

const TRIGGER = 'h-auto min-h-8 px-3';

export function AdminBoard({ view }: { view: GameDayView }) {
  const { game } = view;
  const [chosen, setChosen] = useState<AdminBoardMode | null>(null);
  const mode = chosen ?? defaultBoardMode(game);

  return (
    <Tabs value={mode} onValueChange={(value) => setChosen(value as AdminBoardMode)} className="gap-4" data-testid="admin-board">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <TabsList aria-label="What the board does">
          <TabsTrigger value="tools" className={TRIGGER}>
            Board tools
          </TabsTrigger>
          <TabsTrigger value="winners" className={TRIGGER}>
            Pick winners
          </TabsTrigger>
        </TabsList>
        <Link
          to={gameBoardPath(game.id)}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          data-testid="player-view-link"
        >
          View the board as players see it
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <TabsContent value="tools">
        <OrganizerBoard game={game} />
      </TabsContent>
      <TabsContent value="winners">
        <GridSelection view={view} />
      </TabsContent>
    </Tabs>
  );
}

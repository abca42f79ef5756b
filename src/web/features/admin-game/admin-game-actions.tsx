import { CalendarDays, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { LinkButton } from '@/components/link-button';
import { Button } from '@/components/ui/button';
import type { Game } from '@/lib/games';
import { cn } from '@/lib/utils';
import { canModify, editClosedReason } from './admin-game-rules';

/** A row's Delete: outlined in the destructive colour (the dialog's Delete is the solid one). */
export const DELETE_BUTTON_CLASS =
  'border-destructive/40 text-destructive hover:bg-destructive/10 hover:text-destructive dark:border-destructive/50 dark:hover:bg-destructive/15';

/** A row action's visible text plus the game's title for screen readers ("Edit Super Bowl"). */
function ActionLabel({ text, title }: { text: string; title: string }) {
  return (
    <>
      {text}
      <span className="sr-only"> {title}</span>
    </>
  );
}

/**
 * Edit (to /admin/games/edit/:id) while the game can be edited; once it cannot, a disabled Edit
 * with the reason next to it (the dashboard's cards, the game-day screens).
 */
export function EditGameAction({ game, className }: { game: Game; className?: string }) {
  const reasonId = useId();
  const reason = editClosedReason(game);
  if (reason === null) {
    return (
      <LinkButton variant="outline" size="sm" className={className} to={`/admin/games/edit/${encodeURIComponent(game.id)}`}>
        <Pencil aria-hidden="true" />
        <ActionLabel text="Edit" title={game.title} />
      </LinkButton>
    );
  }
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <Button variant="outline" size="sm" disabled aria-describedby={reasonId}>
        <Pencil aria-hidden="true" />
        <ActionLabel text="Edit" title={game.title} />
      </Button>
      <span id={reasonId} className="text-xs text-muted-foreground" data-testid="edit-closed-reason">
        {reason}
      </span>
    </span>
  );
}

/** The Game Management row actions: Game Day, Edit (disabled once shuffled), Delete (hidden then). */
export function GameManagementActions({ game, onDelete, className }: { game: Game; onDelete: (game: Game) => void; className?: string }) {
  const modifiable = canModify(game);
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <LinkButton variant="outline" size="sm" to={`/admin/games/${encodeURIComponent(game.id)}/game-day`}>
        <CalendarDays aria-hidden="true" />
        <ActionLabel text="Game Day" title={game.title} />
      </LinkButton>
      {modifiable ? (
        <LinkButton variant="outline" size="sm" to={`/admin/games/edit/${encodeURIComponent(game.id)}`}>
          <Pencil aria-hidden="true" />
          <ActionLabel text="Edit" title={game.title} />
        </LinkButton>
      ) : (
        <Button variant="outline" size="sm" disabled title={editClosedReason(game) ?? undefined}>
          <Pencil aria-hidden="true" />
          <ActionLabel text="Edit" title={game.title} />
        </Button>
      )}
      {modifiable && (
        <Button variant="outline" size="sm" className={DELETE_BUTTON_CLASS} onClick={() => onDelete(game)}>
          <Trash2 aria-hidden="true" />
          <ActionLabel text="Delete" title={game.title} />
        </Button>
      )}
    </div>
  );
}

/** What /admin and /admin/games share: their games with access and delete state, and Create New Game. */
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useAdminAccess } from './admin-access';
import { DeleteGameDialog } from './admin-delete-dialog';
import { LinkButton } from '@/components/link-button';
import { type Game, useAllGames } from '@/lib/games';

/**
 * The games of an admin list page, the page's access (a lost session or lost rights, from loading
 * or from deleting), a failed load told once as a toast (`loadFailed`), and the delete dialog for
 * the game passed to `onDelete`.
 */
export function useAdminGames(loadFailed: string) {
  const games = useAllGames();
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const access = useAdminAccess(games.error, deleteError);
  const [toDelete, setToDelete] = useState<Game | null>(null);

  // A failed load is told once per failure: a toast and the page's inline error.
  const failedAt = games.isError && access === 'ok' ? games.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(loadFailed, { id: 'admin-games-load' });
  }, [failedAt, loadFailed]);

  const deleteDialog = <DeleteGameDialog game={toDelete} onClose={() => setToDelete(null)} onFailed={setDeleteError} />;
  return { games, access, onDelete: setToDelete, deleteDialog };
}

/** The link to /admin/games/new ("Create New Game", or e.g. "Create Your First Game"). */
export function CreateGameLink({ children = 'Create New Game' }: { children?: string }) {
  return (
    <LinkButton to="/admin/games/new">
      <Plus aria-hidden="true" />
      {children}
    </LinkButton>
  );
}

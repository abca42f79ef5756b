import { UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { GameMember } from '@core/api/games';
import { MEMBER_TEXTS } from '@core/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useGameMembers, useRemoveMember } from './invite';
import { shortDate } from '@/lib/time';

/**
 * D46 on the admin game page, under the invite link: the accounts that opened it (members, who
 * see the game from any browser, also after a new link), and removing one. Its own component so
 * the admin page's layout can move it as a whole.
 */
export function GameMembers({ gameId }: { gameId: string }) {
  const members = useGameMembers(gameId, true);
  return (
    <section aria-labelledby="game-members-heading" className="flex flex-col gap-3" data-testid="game-members">
      <div className="flex flex-col gap-1">
        <h3 id="game-members-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <Users aria-hidden="true" className="size-4" />
          {MEMBER_TEXTS.heading}
          {members.data && <span className="text-sm font-normal text-muted-foreground">({members.data.length})</span>}
        </h3>
        <p className="text-sm text-muted-foreground">{MEMBER_TEXTS.intro}</p>
      </div>
      {members.data ? (
        members.data.length === 0 ? (
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">{MEMBER_TEXTS.none}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border">
            {members.data.map((member) => (
              <MemberRow key={member.user_id} gameId={gameId} member={member} />
            ))}
          </ul>
        )
      ) : members.isError ? (
        <ErrorState title={MEMBER_TEXTS.loadFailed} onRetry={() => void members.refetch()} />
      ) : (
        <div aria-busy="true">
          <span role="status" className="sr-only">
            Loading the members...
          </span>
          <Skeleton className="h-12" />
        </div>
      )}
    </section>
  );
}

function MemberRow({ gameId, member }: { gameId: string; member: GameMember }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveMember(gameId);
  const name = member.name ?? MEMBER_TEXTS.noUsername;

  async function onRemove() {
    try {
      await remove.mutateAsync(member.user_id);
      setConfirming(false);
      toast.success(MEMBER_TEXTS.removed);
    } catch {
      setConfirming(false);
      toast.error(MEMBER_TEXTS.removeFailed);
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="member-row">
      <div className="flex min-w-0 flex-col">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{name}</span>
          {member.owns_squares && <Badge variant="secondary">{MEMBER_TEXTS.ownsSquares}</Badge>}
        </span>
        <span className="truncate text-sm text-muted-foreground">
          {member.email} · joined {shortDate(member.joined_at)}
        </span>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        trigger={
          <Button variant="outline" size="sm" aria-label={`Remove ${name}`} data-testid="remove-member">
            <UserMinus aria-hidden="true" />
            Remove
          </Button>
        }
        title={MEMBER_TEXTS.removeTitle}
        description={`${name}: ${member.owns_squares ? MEMBER_TEXTS.removeOwner : MEMBER_TEXTS.removeNonOwner}`}
        confirmLabel="Remove member"
        onConfirm={() => void onRemove()}
        busy={remove.isPending}
        destructive
        testId="remove-member-dialog"
      />
    </li>
  );
}

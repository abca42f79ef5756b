/**
 * D40 announcements (docs/decisions/038): the organizer's short texts at the top of a game's
 * board, newest first, each with its time in the game's zone (D39) and who posted it; and the
 * organizer's panel on the game-day page to post (optionally mailing the players) and delete.
 * A new one arriving on an open board is read out by screen readers (a polite live region).
 */
import { ANNOUNCEMENT_MAX_LENGTH, announcementCount, announcementExcerpt, postedMessage, validateAnnouncement } from '@core/announcements';
import type { Announcement } from '@core/api/announcements';
import { formatGameTime } from '@core/game-time';
import { Megaphone, Send, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { fieldAria, FieldHint } from '@/components/form-field';
import { ErrorState } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useDeleteAnnouncement, usePostAnnouncement } from './announcements-data';
import { useBoard } from '@/features/board/board-data';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';

/** How many the board shows before "Show all": the board itself stays near the top on a phone. */
const SHOWN_FIRST = 3;

/** "coach_k · Organizer" (D48: the username; a gone account is "The organizer"). */
const authorLabel = (announcement: Announcement) => (announcement.author_username ? `${announcement.author_username} · Organizer` : 'The organizer');

function AnnouncementText({ announcement, zone, action }: { announcement: Announcement; zone: string | null; action?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]" data-testid="announcement-body">
          {announcement.body}
        </p>
        <p className="text-xs text-muted-foreground" data-testid="announcement-meta">
          <time dateTime={announcement.created_at}>{formatGameTime(announcement.created_at, zone)}</time>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, by </span>
          {authorLabel(announcement)}
        </p>
      </div>
      {action}
    </div>
  );
}

/**
 * Says each announcement that appears after the first render (posted while the board is open)
 * in a polite live region; the ones there when the board opened are read with the page.
 */
function useNewAnnouncementSaid(announcements: readonly Announcement[]): string {
  const seen = useRef<ReadonlySet<string> | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const before = seen.current;
    seen.current = new Set(announcements.map((announcement) => announcement.id));
    const fresh = before ? announcements.filter((announcement) => !before.has(announcement.id)) : [];
    if (fresh[0]) setSaid(`New announcement from the organizer: ${fresh[0].body}`);
  }, [announcements]);
  return said;
}

/** The board's announcements (everyone who may see the board): nothing when there are none. */
export function BoardAnnouncements({ announcements, zone }: { announcements: readonly Announcement[]; zone: string | null }) {
  const headingId = useId();
  const listId = useId();
  const [all, setAll] = useState(false);
  const said = useNewAnnouncementSaid(announcements);
  const shown = all ? announcements : announcements.slice(0, SHOWN_FIRST);
  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcement-live">
        {said}
      </div>
      {announcements.length > 0 && (
        <section aria-labelledby={headingId} className="rounded-xl border border-primary/30 bg-primary/5 px-3 py-2.5 sm:px-4" data-testid="board-announcements">
          <h2 id={headingId} className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <Megaphone aria-hidden="true" className="size-4 text-primary" />
            {announcements.length === 1 ? 'Announcement' : 'Announcements'}
          </h2>
          <ul id={listId} className="flex flex-col divide-y divide-border/70">
            {shown.map((announcement) => (
              <li key={announcement.id} className="py-2.5 first:pt-0 last:pb-0" data-testid="board-announcement">
                <AnnouncementText announcement={announcement} zone={zone} />
              </li>
            ))}
          </ul>
          {announcements.length > SHOWN_FIRST && (
            <Button
              variant="link"
              size="sm"
              className="h-auto min-h-11 px-0 sm:min-h-0"
              aria-expanded={all}
              aria-controls={listId}
              onClick={() => setAll((on) => !on)}
            >
              {all ? 'Show fewer' : `Show all ${announcements.length} announcements`}
            </Button>
          )}
        </section>
      )}
    </>
  );
}

/** The organizer's announcements on the game-day page: post (and mail) one, delete one. */
export function AnnouncementsPanel({ gameId, headingLevel = 'h2' }: { gameId: string; headingLevel?: 'h2' | 'h3' }) {
  const board = useBoard(gameId);
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="gap-4" data-testid="announcements-panel">
      <CardHeader>
        <CardTitle as={headingLevel} id={headingId} className="flex items-center gap-2">
          <Megaphone aria-hidden="true" className="size-4" />
          Announcements
        </CardTitle>
        <CardDescription>Short news for everyone who sees the board: it appears there at once, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <AnnouncementForm gameId={gameId} />
        {board.data ? (
          <PostedList gameId={gameId} announcements={board.data.announcements} zone={board.data.game.time_zone} />
        ) : board.isError && !board.isFetching ? (
          <ErrorState title="The announcements could not be loaded." onRetry={() => void board.refetch()} />
        ) : (
          <div className="flex flex-col gap-2" data-testid="announcements-loading">
            <span role="status" className="sr-only">
              Loading announcements...
            </span>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AnnouncementForm({ gameId }: { gameId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [mail, setMail] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const post = usePostAnnouncement(gameId);
  const count = announcementCount(text);
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const mailHintId = `${id}-mail-hint`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateAnnouncement(text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    post.mutate(
      { body: checked.value, mail },
      {
        onSuccess: (posted) => {
          setText('');
          setMail(false);
          notify.success(postedMessage(mail, posted.mailed));
        },
        onError: (failure) => setError(failure instanceof Error ? failure.message : 'The announcement could not be posted.'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="announcement-form">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-body`}>New announcement</Label>
        <Textarea
          id={`${id}-body`}
          name="announcement"
          rows={3}
          placeholder="e.g. Kickoff moved to 7:30 PM. Pay Coach K before halftime."
          value={text}
          {...fieldAria(error ? errorId : null, countId)}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
        />
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          {error ? (
            <p id={errorId} className="text-sm font-medium text-destructive" data-testid="announcement-error">
              {error}
            </p>
          ) : (
            <span />
          )}
          <FieldHint id={countId} className={cn('ml-auto tabular-nums', count.over && 'font-medium text-destructive')}>
            <span data-testid="announcement-count">
              {count.used}/{ANNOUNCEMENT_MAX_LENGTH}
            </span>{' '}
            characters{count.over ? ` (${-count.left} too many)` : ''}
          </FieldHint>
        </div>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-mail`}
          type="checkbox"
          name="mail"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={mail}
          aria-describedby={mailHintId}
          onChange={(event) => setMail(event.target.checked)}
          data-testid="announcement-mail"
        />
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-mail`} className="text-sm font-medium">
            Also mail it to the players
          </label>
          <p id={mailHintId} className="text-sm text-muted-foreground">
            One e-mail to each player holding squares in this game.
          </p>
        </div>
      </div>
      <Button type="submit" className="min-h-11 self-start sm:min-h-9" disabled={post.isPending} data-testid="announcement-post">
        {post.isPending ? <Spinner aria-hidden="true" /> : <Send aria-hidden="true" />}
        {post.isPending ? 'Posting...' : 'Post'}
      </Button>
    </form>
  );
}

function PostedList({ gameId, announcements, zone }: { gameId: string; announcements: readonly Announcement[]; zone: string | null }) {
  if (announcements.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="announcements-empty">
        No announcements yet. Players see them at the top of the board.
      </p>
    );
  }
  return (
    <ul aria-label="Posted announcements" className="flex flex-col divide-y divide-border/70" data-testid="announcements-posted">
      {announcements.map((announcement) => (
        <li key={announcement.id} className="py-2.5 first:pt-0 last:pb-0" data-testid="posted-announcement">
          <AnnouncementText announcement={announcement} zone={zone} action={<DeleteAnnouncement gameId={gameId} announcement={announcement} />} />
        </li>
      ))}
    </ul>
  );
}

function DeleteAnnouncement({ gameId, announcement }: { gameId: string; announcement: Announcement }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAnnouncement(gameId);
  // The outcome is said from the promise, not from mutate's per-call callbacks: the live update of
  // the delete can remove this item (and so this component) before the answer arrives, and React
  // Query drops the callbacks of an unmounted caller, so the toast was lost now and then.
  const confirm = () =>
    void remove.mutateAsync(announcement.id).then(
      () => {
        setOpen(false);
        notify.success('Announcement deleted.');
      },
      (failure: unknown) => {
        setOpen(false);
        notify.error(failure instanceof Error ? failure.message : 'The announcement could not be deleted.');
      },
    );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !remove.isPending && setOpen(next)}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="min-h-11 shrink-0 text-destructive hover:text-destructive sm:min-h-8"
          aria-label={`Delete announcement: ${announcementExcerpt(announcement.body)}`}
          data-testid="announcement-delete"
        >
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">Delete</span>
        </Button>
      }
      title="Delete this announcement?"
      description="It disappears from the board for everyone. E-mails already sent stay in the players' mailboxes."
      confirmLabel="Delete"
      destructive
      busy={remove.isPending}
      onConfirm={confirm}
      testId="announcement-delete-dialog"
    />
  );
}

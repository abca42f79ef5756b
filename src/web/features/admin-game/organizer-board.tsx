/**
 * The organizer's board tools on the game's admin page (D32): select squares (click; Shift-click
 * for the rectangle from the last square clicked; a whole row or column), then assign the free
 * ones to an account or to a person without one (D29), mark sold ones paid or unpaid (D28),
 * release them (a card sale is refunded), or move one sold square to a free one. Keyboard: the
 * arrow keys move through the grid, Space or Enter selects, Shift+Space/Enter selects a range, R
 * and C the focused square's row and column, Escape clears. Assigning, moving and releasing stop
 * once the numbers are drawn; marking paid goes on.
 */
import type { BoardSquare } from '@core/api/board';
import { type Coordinate, squareKey, squarePositionLabel } from '@core/grid';
import { ORGANIZER_TEXTS } from '@core/messages';
import { markAsPaidLabel, squaresAmountCents } from '@core/payment-methods';
import { type CellPerson, cellPerson, personLabel } from '@core/person';
import { type FormEvent, type KeyboardEvent, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { shapeOfBoard } from '@/features/board/board';
import { CellName, NoAccountMark } from '@/features/board/cell-name';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form-field';
import { SquareGrid } from '@/features/board/square-grid';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError, isServerMessage } from '@/lib/api';
import { useBoard } from '@/features/board/board-data';
import { EMPTY_SELECTION, type BoardSelection, selectedSquares, selectRange, toggleLine, toggleSquare } from './board-selection';
import { type SquaresAction, useAssignSquares, useMoveSquare, useSquaresAction } from './organizer';
import { cn } from '@/lib/utils';

export interface OrganizerBoardProps {
  game: {
    readonly id: string;
    readonly title: string;
    readonly team_a: string;
    readonly team_b: string;
    readonly grid_shuffled: boolean;
    readonly is_active: boolean;
    readonly price_per_square_cents: number;
    /** D36: 100, 50 or 25 squares. */
    readonly board_size: 100 | 50 | 25;
  };
}

const messageOf = (error: unknown) => (isApiError(error) && isServerMessage(error) && error.message ? error.message : ORGANIZER_TEXTS.toolFailed);
const squaresWord = (n: number) => `${n} square${n === 1 ? '' : 's'}`;
const ownerFacts = (square: BoardSquare) => ({ name: square.owner_username, noAccount: square.owner_no_account, email: square.owner_email });
const ownerName = (square: BoardSquare) => personLabel(ownerFacts(square));
/** D48: on a cell, the name and a mark for "no account", not the words. */
const cellOwner = (square: BoardSquare) => cellPerson(ownerFacts(square), ownerName(square));

export function OrganizerBoard({ game }: OrganizerBoardProps) {
  const board = useBoard(game.id);
  const action = useSquaresAction(game.id);
  const assign = useAssignSquares(game.id);
  const move = useMoveSquare(game.id);
  const [selection, setSelection] = useState<BoardSelection>(EMPTY_SELECTION);
  const [cursor, setCursor] = useState<Coordinate>({ x: 0, y: 0 });
  const [moving, setMoving] = useState<{ from: Coordinate; owner: string } | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const busy = action.isPending || assign.isPending || move.isPending;
  const locked = game.grid_shuffled || !game.is_active;
  const shape = shapeOfBoard(game);

  const squares = useMemo(() => {
    const map = new Map<string, BoardSquare>();
    for (const square of board.data?.squares ?? []) map.set(squareKey(square), square);
    return map;
  }, [board.data]);

  const chosen = selectedSquares(selection);
  const sold = chosen.flatMap((c) => {
    const square = squares.get(squareKey(c));
    return square?.status === 'claimed' ? [square] : [];
  });
  const free = chosen.filter((c) => !squares.has(squareKey(c)));
  const unpaid = sold.filter((s) => s.unpaid);
  const paid = sold.filter((s) => !s.unpaid);

  const clear = () => setSelection(EMPTY_SELECTION);

  function choose(square: Coordinate, range: boolean) {
    if (moving) {
      void moveTo(square);
      return;
    }
    setSelection((current) => (range ? selectRange(current, square) : toggleSquare(current, square)));
  }

  function chooseLine(line: { row: number } | { column: number }) {
    setSelection((current) => toggleLine(current, line, shape));
  }

  function onCellKey(event: KeyboardEvent, square: Coordinate) {
    if ((event.key === 'Enter' || event.key === ' ') && event.shiftKey) {
      event.preventDefault();
      choose(square, true);
    } else if (event.key === 'r' || event.key === 'R') {
      event.preventDefault();
      chooseLine({ row: square.x });
    } else if (event.key === 'c' || event.key === 'C') {
      event.preventDefault();
      chooseLine({ column: square.y });
    } else if (event.key === 'Escape') {
      if (moving) setMoving(null);
      else clear();
    }
  }

  async function run(kind: SquaresAction, extra: { include_paid?: boolean } = {}) {
    const targets = kind === 'mark-paid' ? unpaid : kind === 'mark-unpaid' ? paid : sold;
    try {
      const result = await action.mutateAsync({ action: kind, selection: { squares: targets.map(({ x, y }) => ({ x, y })), ...extra } });
      const done = kind === 'mark-paid' ? ORGANIZER_TEXTS.markedPaid : kind === 'mark-unpaid' ? ORGANIZER_TEXTS.markedUnpaid : 'Released';
      toast.success(`${done}: ${squaresWord(result.changed)}`);
      if (kind === 'mark-unpaid' && result.changed < targets.length) toast.info('Squares paid by card stay paid.');
      clear();
      return true;
    } catch (error) {
      toast.error(messageOf(error));
      return false;
    }
  }

  async function moveTo(target: Coordinate) {
    if (!moving) return;
    if (squares.has(squareKey(target))) {
      toast.error('That square is not free. Choose a free square to move to.');
      return;
    }
    try {
      await move.mutateAsync({ from: moving.from, to: target });
      toast.success(`Moved ${moving.owner}'s square to ${squarePositionLabel(target)}`);
      setMoving(null);
      clear();
    } catch (error) {
      toast.error(messageOf(error));
    }
  }

  const summary =
    chosen.length === 0
      ? 'No squares selected.'
      : [
          `${squaresWord(chosen.length)} selected`,
          free.length > 0 && `${free.length} free`,
          sold.length > 0 && `${sold.length} sold`,
          unpaid.length > 0 && `${unpaid.length} unpaid`,
        ]
          .filter(Boolean)
          .join(' · ');

  return (
    <section aria-labelledby="board-tools-heading" className="flex flex-col gap-3" data-testid="board-tools">
      <div className="flex flex-col gap-1">
        {/* The admin board's mode switch shows the name (features/admin-game/admin-board.tsx). */}
        <h3 id="board-tools-heading" className="sr-only">
          Board tools
        </h3>
        <p className="text-sm text-muted-foreground">
          Select squares: click, Shift-click for a range, or a whole row or column (keys: arrows, Space, Shift+Space, R, C). Assign puts someone on the free
          ones; Mark paid records money you collected; Release makes sold squares free again (a card payment is refunded); Move shifts one sold square to a free
          one.
        </p>
        {locked && (
          <p className="text-sm font-medium" data-testid="board-tools-locked">
            {game.is_active
              ? 'The numbers are drawn: squares can no longer be assigned, moved or released. You can still mark them paid.'
              : 'This game is completed: its squares can no longer change.'}
          </p>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Select">
        <Button size="sm" variant="outline" onClick={() => chooseLine({ row: cursor.x })}>
          Whole row {cursor.x + 1}
        </Button>
        <Button size="sm" variant="outline" onClick={() => chooseLine({ column: cursor.y })}>
          Whole column {cursor.y + 1}
        </Button>
        <Button size="sm" variant="ghost" disabled={chosen.length === 0} onClick={clear}>
          Clear selection
        </Button>
      </div>

      {moving && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-primary/50 bg-primary/5 px-3 py-2 text-sm"
          data-testid="move-banner"
        >
          <span>
            Moving {moving.owner}&apos;s square from {squarePositionLabel(moving.from)}: choose a free square.
          </span>
          <Button size="sm" variant="outline" onClick={() => setMoving(null)}>
            Cancel move
          </Button>
        </div>
      )}

      <SquareGrid
        shape={shape}
        game={game}
        numbers={board.data?.numbers ?? null}
        kind="selection"
        className="mx-auto max-w-2xl"
        selected={(square) => selection.keys.has(squareKey(square))}
        renderCell={(square, focus) => {
          const owned = squares.get(squareKey(square));
          const isSelected = selection.keys.has(squareKey(square));
          const state = !owned ? 'free' : owned.status === 'held' ? 'in a checkout' : `${ownerName(owned)}${owned.unpaid ? ', unpaid' : ', paid'}`;
          return (
            <button
              type="button"
              ref={(element) => focus.register(square, element)}
              tabIndex={focus.tabIndex}
              aria-pressed={isSelected}
              data-x={square.x}
              data-y={square.y}
              data-testid="tool-square"
              onClick={(event) => {
                focus.activate(square);
                setCursor(square);
                choose(square, event.shiftKey);
              }}
              onFocus={() => {
                focus.activate(square);
                setCursor(square);
              }}
              onKeyDown={(event) => {
                onCellKey(event, square);
                focus.onKeyDown(event, square);
              }}
              className={cn(
                'relative flex aspect-square w-full min-w-0 flex-col items-center justify-center overflow-hidden rounded-[3px] border p-px text-[0.5rem] leading-tight font-medium transition-colors sm:text-[0.625rem]',
                'outline-none focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
                owned ? 'border-border bg-secondary text-secondary-foreground dark:bg-muted' : 'border-dashed border-border bg-card text-muted-foreground',
                owned?.status === 'held' && 'opacity-60',
                'hover:border-primary/60',
                isSelected && 'z-[1] bg-primary/15 ring-[3px] ring-primary ring-offset-1 ring-offset-background',
              )}
            >
              <span className="sr-only">
                {squarePositionLabel(square)}: {state}
              </span>
              {owned?.status === 'claimed' && <OwnerInCell person={cellOwner(owned)} />}
              {owned?.unpaid && (
                <span aria-hidden="true" className="absolute top-0 right-0.5 font-bold text-warning-foreground">
                  $
                </span>
              )}
            </button>
          );
        }}
      />

      <div
        className="sticky bottom-0 z-10 flex flex-col gap-2 rounded-xl border bg-card/95 p-3 shadow-sm backdrop-blur sm:flex-row sm:items-center sm:justify-between"
        data-testid="board-tools-actions"
      >
        <p aria-live="polite" className="text-sm" data-testid="selection-summary">
          {summary}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy || locked || free.length === 0} onClick={() => setAssigning(true)}>
            Assign {free.length > 0 ? squaresWord(free.length) : ''}
          </Button>
          <Button size="sm" variant="outline" disabled={busy || !game.is_active || unpaid.length === 0} onClick={() => void run('mark-paid')}>
            Mark paid
          </Button>
          <Button size="sm" variant="outline" disabled={busy || !game.is_active || paid.length === 0} onClick={() => void run('mark-unpaid')}>
            Mark unpaid
          </Button>
          <Button size="sm" variant="outline" disabled={busy || locked || sold.length === 0} onClick={() => setReleasing(true)}>
            Release
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy || locked || sold.length !== 1 || chosen.length !== 1}
            onClick={() => {
              const only = sold[0];
              if (only) setMoving({ from: { x: only.x, y: only.y }, owner: ownerName(only) });
            }}
          >
            Move
          </Button>
        </div>
      </div>

      <AssignDialog
        open={assigning}
        count={free.length}
        priceCents={game.price_per_square_cents}
        pending={assign.isPending}
        onOpenChange={setAssigning}
        onAssign={async (to, paidCents) => {
          try {
            const squares = free.map(({ x, y }) => ({ x, y }));
            const result = await assign.mutateAsync(paidCents === null ? { squares, to } : { squares, to, paid: true, paid_cents: paidCents });
            toast.success(`Assigned ${squaresWord(result.changed)}`);
            setAssigning(false);
            clear();
            return null;
          } catch (error) {
            return messageOf(error);
          }
        }}
      />
      <ConfirmDialog
        open={releasing}
        onOpenChange={(open) => {
          if (!open && !action.isPending) setReleasing(false);
        }}
        title={`Release ${squaresWord(sold.length)}?`}
        description={[
          'They become available to everyone, and their owners are told by e-mail.',
          paid.length > 0 &&
            `${squaresWord(paid.length)} of them ${paid.length === 1 ? 'is' : 'are'} paid: a card payment is refunded to the card; money paid to you directly, you hand back yourself.`,
        ]
          .filter(Boolean)
          .join(' ')}
        destructive
        busy={action.isPending}
        confirmLabel={action.isPending ? <Spinner label="Releasing..." /> : 'Release'}
        onConfirm={() => void run('release', { include_paid: paid.length > 0 }).then(() => setReleasing(false))}
        testId="board-release-dialog"
      />
    </section>
  );
}

type AssignTo = { account: string } | { name: string; email: string | null };

/**
 * The Assign dialog. Its form lives inside DialogContent, which unmounts when the dialog closes
 * (Assign, Cancel, Escape, the close button or a click outside), so it opens empty every time: a
 * name or a paid tick from the last assignment never carries over to the next one. Paid is a
 * deliberate choice that names the sum (D32), unticked by default.
 */
function AssignDialog({
  open,
  count,
  priceCents,
  pending,
  onOpenChange,
  onAssign,
}: {
  open: boolean;
  count: number;
  priceCents: number;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves to the server's message on failure, null when done. */
  onAssign: (to: AssignTo, paidCents: number | null) => Promise<string | null>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <DialogContent data-testid="assign-dialog">
        <AssignForm count={count} priceCents={priceCents} pending={pending} onCancel={() => onOpenChange(false)} onAssign={onAssign} />
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({
  count,
  priceCents,
  pending,
  onCancel,
  onAssign,
}: {
  count: number;
  priceCents: number;
  pending: boolean;
  onCancel: () => void;
  onAssign: (to: AssignTo, paidCents: number | null) => Promise<string | null>;
}) {
  const [kind, setKind] = useState<'person' | 'account'>('person');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [account, setAccount] = useState('');
  const [paid, setPaid] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (kind === 'person' && name.trim() === '') return setError("Enter the person's name (up to 40 characters).");
    if (kind === 'account' && account.trim() === '') return setError('Enter a username or e-mail address.');
    const to: AssignTo = kind === 'account' ? { account } : { name, email: email.trim() === '' ? null : email };
    setError(await onAssign(to, paid ? squaresAmountCents(count, priceCents) : null));
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Assign {squaresWord(count)}</DialogTitle>
        <DialogDescription>Put someone on the selected free squares. They may hold more than the game&apos;s cap.</DialogDescription>
      </DialogHeader>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">To whom</legend>
        {(
          [
            ['person', 'A person without an account', 'A name for the board; add their e-mail and the squares become theirs when they sign up.'],
            ['account', 'A player with an account', 'Their username or e-mail address.'],
          ] as const
        ).map(([value, label, hint]) => (
          <div
            key={value}
            className={cn(
              'relative flex items-start gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/50',
              kind === value ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
            )}
          >
            <input
              type="radio"
              id={`assign-kind-${value}`}
              name="assign-kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              aria-describedby={`assign-kind-${value}-hint`}
              className="relative z-[1] mt-0.5 accent-primary"
            />
            <span className="flex flex-col">
              {/* The whole card is the label's click target (after:inset-0), the name is the label alone. */}
              <label htmlFor={`assign-kind-${value}`} className="cursor-pointer font-medium after:absolute after:inset-0">
                {label}
              </label>
              <span id={`assign-kind-${value}-hint`} className="text-muted-foreground">
                {hint}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      {kind === 'person' ? (
        <>
          <FormField id="assign-name" label="Name">
            <Input id="assign-name" value={name} maxLength={40} autoComplete="off" onChange={(e) => setName(e.target.value)} placeholder="Aunt May" />
          </FormField>
          <FormField id="assign-email" label="E-mail (optional)">
            <Input id="assign-email" type="email" value={email} maxLength={254} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
          </FormField>
        </>
      ) : (
        <FormField id="assign-account" label="Username or e-mail">
          <Input id="assign-account" value={account} maxLength={254} autoComplete="off" onChange={(e) => setAccount(e.target.value)} />
        </FormField>
      )}
      <div className="flex flex-col gap-1 rounded-md border p-3 text-sm">
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            checked={paid}
            onChange={(e) => setPaid(e.target.checked)}
            aria-describedby="assign-paid-hint"
            className="accent-primary"
            data-testid="assign-paid"
          />
          {markAsPaidLabel(count, priceCents)}
        </label>
        <span id="assign-paid-hint" className="text-muted-foreground">
          Tick only if you have this money in hand. Otherwise the squares stay unpaid until you mark them paid.
        </span>
      </div>
      <p role="alert" className="text-sm text-destructive empty:hidden" data-testid="assign-error">
        {error}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner label="Assigning..." /> : 'Assign'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function OwnerInCell({ person }: { person: CellPerson | null }) {
  if (!person) return null;
  return (
    <>
      <CellName name={person.name} noAccount={person.noAccount} lines={2} />
      {person.noAccount && <NoAccountMark />}
    </>
  );
}

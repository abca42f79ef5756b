import { type Coordinate, squareKey, squarePositionLabel } from '@core/grid';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { shapeOfBoard } from '@/features/board/board-cells';
import { useBoard } from '@/features/board/board-data';
import { EMPTY_SELECTION, type BoardSelection, selectedSquares, selectRange, toggleLine, toggleSquare } from './board-selection';
import { type SquaresAction, useAssignSquares, useMoveSquare, useSquaresAction } from './organizer';
import { actionDoneText, actionTargets, type AssignTo, messageOf, ownerName, selectionParts, squaresByKey } from './organizer-board-rules';
import { countOf } from '@core/text';

/**
 * The board tools' state (D32): the board, the selection and what it holds, the focused square,
 * a move under way, the open dialogs; and the actions, each with its toast.
 */
export function useOrganizerBoard(game: { readonly id: string; readonly board_size: 100 | 50 | 25 }) {
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
  const shape = shapeOfBoard(game);

  const squares = useMemo(() => squaresByKey(board.data?.squares ?? []), [board.data]);
  const parts = selectionParts(selectedSquares(selection), squares);

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
    const targets = actionTargets(kind, parts);
    try {
      const result = await action.mutateAsync({ action: kind, selection: { squares: targets.map(({ x, y }) => ({ x, y })), ...extra } });
      toast.success(actionDoneText(kind, result.changed));
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

  /** Move: the one sold square selected is the one that moves. */
  function startMove() {
    const only = parts.sold[0];
    if (only) setMoving({ from: { x: only.x, y: only.y }, owner: ownerName(only) });
  }

  /** Resolves to the server's message on failure, null when done. */
  async function assignFree(to: AssignTo, paidCents: number | null): Promise<string | null> {
    try {
      const free = parts.free.map(({ x, y }) => ({ x, y }));
      const result = await assign.mutateAsync(paidCents === null ? { squares: free, to } : { squares: free, to, paid: true, paid_cents: paidCents });
      toast.success(`Assigned ${countOf(result.changed, 'square')}`);
      setAssigning(false);
      clear();
      return null;
    } catch (error) {
      return messageOf(error);
    }
  }

  return {
    board,
    squares,
    shape,
    selection,
    parts,
    cursor,
    setCursor,
    moving,
    setMoving,
    assigning,
    setAssigning,
    releasing,
    setReleasing,
    busy,
    releasePending: action.isPending,
    assignPending: assign.isPending,
    clear,
    choose,
    chooseLine,
    onCellKey,
    run,
    startMove,
    assignFree,
  };
}

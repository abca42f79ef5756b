/**
 * The board's cells for the viewer, kept current: the cell model (board-cells.ts) recomputed
 * when the board, the viewer's cart for this game or the chosen period changes.
 */
import type { Period } from '@core/periods';
import type { BoardResponse } from '@core/api/board';
import { setShownFor, winnersBySet } from '@core/set-numbers';
import { useMemo } from 'react';
import { useCartItem } from '@/features/checkout/cart';
import { axisNumbers, boardCells, shapeOfBoard, shownWinners } from './board-cells';

/**
 * D35/D49: `chosen` is the chosen period (its set on the axes, its winning lines lit), else the
 * axes show `numbersPeriod`'s set, else the latest set drawn; only the shown set's winners are
 * drawn on the squares, the others come back in `elsewhere`.
 */
export function useBoardCells(board: BoardResponse, chosen: Period | null, numbersPeriod: number | null) {
  const cartItem = useCartItem(board.game.id);
  const shape = shapeOfBoard(board.game);
  const period = chosen ?? numbersPeriod;
  const set = setShownFor(board.digit_sets, period);
  const { onBoard, elsewhere } = useMemo(() => winnersBySet(board.digit_sets, set, shownWinners(board)), [board, set]);
  const cells = useMemo(() => boardCells(board, cartItem?.squares ?? [], shape, chosen, onBoard, new Date()), [board, cartItem, shape, chosen, onBoard]);
  return { shape, set, elsewhere, cells, numbers: axisNumbers(board, period), chosen: cells.find((cell) => cell.chosen) ?? null };
}

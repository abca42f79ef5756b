import type { Period } from '@core/periods';
import type { BoardResponse, BoardWinner } from '@core/api/board';
import { useState } from 'react';
import { latestPeriod, playablePeriod } from '@/features/game-day/game-day-board';
import { numbersPeriodOf, shownPeriod } from './board-period';

/**
 * D43: the period the game-day board shows (its winning row and column lit) and the viewer's
 * choice of it; D35: the period in play once its own (newer) set is drawn, whose set the board
 * shows; and the period whose set the axes show when none is chosen.
 */
export function useBoardPeriod(board: BoardResponse, winners: readonly BoardWinner[], gameDay: boolean) {
  const [chosen, choose] = useState<Period | null>(null);
  const inPlay = playablePeriod(board, winners);
  return {
    period: shownPeriod(chosen, inPlay, latestPeriod(winners), winners),
    inPlay,
    choose,
    numbersPeriod: numbersPeriodOf(board.game.game_type, gameDay, winners),
  };
}

import { periodConfirmations } from './confirm-periods';
import type { GameDayServiceDeps } from './game-day.deps';
import { gameDayView } from './game-day-view';
import { gameDayNumbers } from './numbers';

export type { GameDayServiceDeps } from './game-day.deps';

/**
 * Game day (spec section 2 "Game Day Controls", sections 3-5; D14-D20, D23, D24): the numbers,
 * period scores and their winners. Every change runs under the game's row lock, and boards are
 * told after commit. One module per part: game-day-view.ts (the game-day page and My Winnings),
 * numbers.ts (Randomize, the kickoff's draw, the next set, Clear, Reveal and Hide) and
 * confirm-periods.ts (confirming periods, Confirm All, the feed's confirmations), on
 * game-day.deps.ts (their deps and shared steps).
 */
export function gameDayService(deps: GameDayServiceDeps) {
  const reads = gameDayView(deps);
  return {
    ...reads,
    ...gameDayNumbers(deps, reads.view),
    ...periodConfirmations(deps, reads.view),
  };
}

export type GameDayService = ReturnType<typeof gameDayService>;

/**
 * What the admins' game lists say of a game (the dashboard, Game Management, the game-day
 * screens): whether it can still be edited and why not (D13), its type, squares and creation date.
 */
import { gamePhase } from '@core/sales';
import { GAME_TYPE_LABELS } from '@core/validation';
import type { Game } from '@/lib/games';
import { shortDate } from '@/lib/time';

/** D13: title, teams, type (and the game itself) can change until numbers are drawn; completed games stay. */
export function canModify(game: Pick<Game, 'is_active' | 'grid_shuffled'>): boolean {
  return gamePhase(game) === 'open';
}

/** Why a game can no longer be edited (D13), for the disabled Edit buttons; null while it can. */
export function editClosedReason(game: Pick<Game, 'is_active' | 'grid_shuffled'>): string | null {
  switch (gamePhase(game)) {
    case 'completed':
      return 'Completed: the game stays as a record and can no longer be edited.';
    case 'drawn':
      return 'Numbers are drawn: this game can no longer be edited.';
    case 'open':
      return null;
  }
}

/** "NFL Football"; a type this version does not know, as stored. */
export function gameTypeLabel(game: Pick<Game, 'game_type'>): string {
  return GAME_TYPE_LABELS[game.game_type] ?? game.game_type;
}

/** The Squares column: "42/100". */
export function squaresText(game: Pick<Game, 'squares_claimed' | 'board_size'>): string {
  return `${game.squares_claimed}/${game.board_size}`;
}

/** The Created column: the game's creation date, "Jan 5, 2026". */
export function createdText(game: Pick<Game, 'created_at'>): string {
  return shortDate(game.created_at);
}

/**
 * The game page's facts beside the board (spec section 4, D31, D36, D47): each row's term, value
 * and the test id the browser tests find it by. Pure: game-facts.tsx draws them.
 */
import type { Game } from '@core/api/games';
import { boardShape, boardSizeLabel } from '@core/board-shape';
import { formatUsd } from '@core/money';

export interface GameFactRow {
  readonly term: string;
  readonly value: string;
  readonly testId: string;
}

type FactsGame = Pick<Game, 'board_size' | 'price_per_square_cents' | 'total_pot_cents' | 'squares_claimed' | 'max_squares_per_player'>;

/** `left`: how many more squares the viewer can pick (D31); null for a visitor or no cap. */
export function gameFactRows(game: FactsGame, left: number | null): GameFactRow[] {
  const rows: GameFactRow[] = [
    { term: 'Board', value: boardSizeLabel(boardShape(game.board_size)), testId: 'game-board-size' },
    { term: 'Price per square', value: formatUsd(game.price_per_square_cents), testId: 'game-price' },
    { term: 'Pot', value: formatUsd(game.total_pot_cents), testId: 'game-pot' },
    { term: 'Squares claimed', value: `${game.squares_claimed}/${game.board_size}`, testId: 'game-claimed' },
  ];
  // D31: the cap on squares per player, and for a player how many more they can pick.
  if (game.max_squares_per_player !== null) {
    rows.push({ term: 'Squares per player', value: `Up to ${game.max_squares_per_player}`, testId: 'game-player-cap' });
    if (left !== null) rows.push({ term: 'You can pick', value: `${left} more`, testId: 'game-player-left' });
  }
  return rows;
}

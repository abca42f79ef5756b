import { GAME_PRICE_LOCKED, KICKOFF_ERRORS } from './messages';
import { nameWords } from './score-feed';

/**
 * D49: a control that cannot be used says why in one line. What of the game form is locked, and
 * why, from the game's facts; the server refuses the same changes with the same words.
 */
export interface GameFormFacts {
  /** D13: any square is held or sold. */
  readonly squaresHeld: boolean;
  /** D39: sales closed (at kickoff or by the draw). */
  readonly salesClosed: boolean;
  /** D35: the number sets of a stored game, chosen at its creation. */
  readonly numberSetsFixed: boolean;
  /** D34: the game pays custom shares, keyed by its game type's periods. */
  readonly customShares: boolean;
  /** The form holds a kickoff time. */
  readonly kickoffSet: boolean;
}

/** Each locked control's one-line reason, or null where it can be used. */
export interface GameFormLocks {
  readonly sales: string | null;
  readonly gameType: string | null;
  readonly numberSets: string | null;
  readonly kickoff: string | null;
  readonly drawAtKickoff: string | null;
}

export const GAME_LOCK_TEXTS = {
  sales: GAME_PRICE_LOCKED,
  gameType: 'The game type keeps its custom shares: it cannot change once squares are held or sold.',
  numberSets: 'The numbers are chosen when the game is created and cannot change.',
  kickoff: KICKOFF_ERRORS.locked,
  drawNeedsKickoff: 'Set a kickoff first.',
} as const;

export function gameFormLocks(facts: GameFormFacts): GameFormLocks {
  const kickoff = facts.salesClosed ? GAME_LOCK_TEXTS.kickoff : null;
  return {
    sales: facts.squaresHeld ? GAME_LOCK_TEXTS.sales : null,
    gameType: facts.squaresHeld && facts.customShares ? GAME_LOCK_TEXTS.gameType : null,
    numberSets: facts.numberSetsFixed ? GAME_LOCK_TEXTS.numberSets : null,
    kickoff,
    drawAtKickoff: kickoff ?? (facts.kickoffSet ? null : GAME_LOCK_TEXTS.drawNeedsKickoff),
  };
}

/** D50: the words of a refused edit that would put one team on the other's side of a sold board. */
export const teamsSideLocked = (teamA: string, teamB: string) =>
  `Squares are sold, so ${teamA} stays the rows and ${teamB} the columns: a name may be corrected, but the teams cannot change sides.`;

/**
 * D50: once a square is sold, which team is rows and which is columns never changes. An edit that
 * names team A as the stored team B (or team B as the stored team A) would swap them under the
 * players' squares; the reason it is refused, or null. Case, accents and punctuation aside.
 */
export function teamsSideLock(
  stored: { readonly team_a: string; readonly team_b: string },
  edited: { readonly team_a?: string; readonly team_b?: string },
  squaresHeld: boolean,
): string | null {
  if (!squaresHeld) return null;
  const same = (a: string, b: string) => nameWords(a).join(' ') === nameWords(b).join(' ');
  const movesB = edited.team_a !== undefined && same(edited.team_a, stored.team_b) && !same(stored.team_a, stored.team_b);
  const movesA = edited.team_b !== undefined && same(edited.team_b, stored.team_a) && !same(stored.team_a, stored.team_b);
  return movesA || movesB ? teamsSideLocked(stored.team_a, stored.team_b) : null;
}

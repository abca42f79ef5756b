import { GAME_PRICE_LOCKED, KICKOFF_ERRORS } from './messages';

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

/**
 * D49, D50: what game day's number controls offer and say, from the game's own state and rules.
 * One rule for the server's refusals and the web's buttons and dialogs: numbers players have seen
 * are replaced only by Clear (logged and mailed to them), a locked control says why in one line,
 * and a control that can no longer be used safely is never the primary one.
 */
import { unboughtRuleText, type UnboughtRule } from './payout-plan';

/** The facts the controls are decided from. */
export interface NumbersFacts {
  /** Numbers exist (D16: grid_shuffled). */
  readonly drawn: boolean;
  /** Players see them on the board now. */
  readonly revealed: boolean;
  /** Players have seen them: shown on the board now, or mailed to them ("numbers are drawn"). */
  readonly shown: boolean;
  /** A score is entered: the numbers stay as drawn (D19). */
  readonly scoresIn: boolean;
  /** D38: set 1 is ticketed and its digits are not in yet. */
  readonly waiting: boolean;
}

export const NUMBERS_LOCKS = {
  scores: 'Locked after score entry: the numbers stay as drawn once a score is in.',
  shown: 'Players have seen these numbers: to draw new ones, clear them first (players are told by mail).',
  nothingToClear: 'Nothing to clear: no numbers are drawn yet.',
  nothingToReveal: 'Nothing to reveal: no numbers are drawn yet.',
} as const;

/** Why Randomize is refused now, or null when it may run. */
export function randomizeLock(facts: NumbersFacts): string | null {
  if (facts.scoresIn) return NUMBERS_LOCKS.scores;
  if (facts.drawn && facts.shown) return NUMBERS_LOCKS.shown;
  return null;
}

/** Why Clear is refused now, or null when it may run. */
export function clearLock(facts: NumbersFacts): string | null {
  if (facts.scoresIn) return NUMBERS_LOCKS.scores;
  if (!facts.drawn && !facts.waiting) return NUMBERS_LOCKS.nothingToClear;
  return null;
}

/** The next step among the number controls: reveal hidden numbers, or draw them; none once they are out. */
export function numbersPrimary(facts: NumbersFacts): 'reveal' | 'randomize' | null {
  if (facts.drawn && !facts.revealed) return 'reveal';
  if (!facts.drawn && !facts.waiting && !facts.scoresIn) return 'randomize';
  return null;
}

/** Clear's question, in the game's situation: what players lose and that they are told. */
export function clearDialogText(facts: NumbersFacts): string {
  const reopen = 'The game goes back to selling its open squares, and the draw log keeps a record of the clear and of the old numbers.';
  if (facts.shown) {
    return `Players have already seen these numbers (on the board or by mail). Clearing deletes them for everyone: the digits players got no longer count, every player with squares is told by mail, and new numbers are drawn later. ${reopen}`;
  }
  if (facts.waiting && !facts.drawn) return `The draw waiting for its beacon round is called off; a new draw gets a new ticket. ${reopen}`;
  return `The numbers are deleted before any player has seen them. ${reopen}`;
}

/** Randomize on a grid that is not full (D18), with what the game's rule does with a winning square nobody bought (D34). */
export function notFullDialogText(claimed: number, size: number, rules: { unbought_rule: UnboughtRule; game_type: string; organizer_label: string }): string {
  const unsold = size - claimed;
  return `${claimed} of ${size} squares are sold. Drawing numbers ends sales: open checkouts are cancelled, and the ${unsold} unsold ${
    unsold === 1 ? 'square stays' : 'squares stay'
  } unsold. ${unboughtRuleText(rules.unbought_rule, rules.game_type, rules.organizer_label)}`;
}

/** Randomize again over numbers nobody has seen yet (hidden, never mailed), or over a beacon draw still waiting. */
export function redrawDialogText(waiting: { round: number | null } | null): string {
  if (waiting) {
    return `The numbers are being drawn from drand round ${waiting.round ?? '?'}. A new draw replaces that ticket with a new one, and players see in the draw log that the numbers were redrawn.`;
  }
  return 'Numbers are already drawn, and no player has seen them yet. A new draw replaces them, and players see in the draw log that the numbers were redrawn.';
}

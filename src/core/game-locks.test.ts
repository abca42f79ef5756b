import { describe, expect, it } from 'vitest';
import { GAME_LOCK_TEXTS, gameFormLocks } from './game-locks';

const open = { squaresHeld: false, salesClosed: false, numberSetsFixed: false, customShares: false, kickoffSet: true } as const;

describe('gameFormLocks (D49: a locked control says why)', () => {
  it('a new game with a kickoff locks nothing', () => {
    expect(gameFormLocks(open)).toEqual({ sales: null, gameType: null, numberSets: null, kickoff: null, drawAtKickoff: null });
  });

  it('drawing at kickoff needs a kickoff first', () => {
    expect(gameFormLocks({ ...open, kickoffSet: false }).drawAtKickoff).toBe('Set a kickoff first.');
  });

  it('sales lock names everything they fix, and the game type of custom shares', () => {
    const locks = gameFormLocks({ ...open, squaresHeld: true, customShares: true });
    expect(locks.sales).toBe(
      'Price, payout rules, the rule for unbought winning squares, who collects the money and board size cannot change once squares are held or sold.',
    );
    expect(locks.gameType).toBe(GAME_LOCK_TEXTS.gameType);
    expect(gameFormLocks({ ...open, squaresHeld: true }).gameType).toBeNull();
  });

  it('a stored game keeps its numbers setting; closed sales fix the kickoff and the draw choice', () => {
    expect(gameFormLocks({ ...open, numberSetsFixed: true }).numberSets).toBe(GAME_LOCK_TEXTS.numberSets);
    const closed = gameFormLocks({ ...open, salesClosed: true });
    expect(closed.kickoff).toBe(GAME_LOCK_TEXTS.kickoff);
    expect(closed.drawAtKickoff).toBe(GAME_LOCK_TEXTS.kickoff);
  });
});

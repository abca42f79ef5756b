import { describe, expect, it } from 'vitest';
import { GAME_LOCK_TEXTS, gameFormLocks, teamsSideLock, teamsSideLocked } from './game-locks';

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

describe('a sold board keeps its sides (D50)', () => {
  const stored = { team_a: 'Eagles', team_b: 'Chiefs' };
  it('refuses an edit that puts a team on the other side once squares are sold', () => {
    const locked = teamsSideLocked('Eagles', 'Chiefs');
    expect(teamsSideLock(stored, { team_a: 'Chiefs', team_b: 'Eagles' }, true)).toBe(locked);
    expect(teamsSideLock(stored, { team_a: ' chiefs ' }, true)).toBe(locked);
    expect(teamsSideLock(stored, { team_b: 'EAGLES' }, true)).toBe(locked);
  });
  it('lets a name be corrected, and anything before a sale', () => {
    expect(teamsSideLock(stored, { team_a: 'Philadelphia Eagles', team_b: 'Kansas City Chiefs' }, true)).toBeNull();
    expect(teamsSideLock(stored, { team_a: 'Eagles' }, true)).toBeNull();
    expect(teamsSideLock(stored, { team_a: 'Chiefs', team_b: 'Eagles' }, false)).toBeNull();
  });
});

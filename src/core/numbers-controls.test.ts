import { describe, expect, it } from 'vitest';
import { clearDialogText, clearLock, NUMBERS_LOCKS, notFullDialogText, type NumbersFacts, numbersPrimary, randomizeLock } from './numbers-controls';

const facts = (over: Partial<NumbersFacts> = {}): NumbersFacts => ({ drawn: false, revealed: false, shown: false, scoresIn: false, waiting: false, ...over });

describe('game day number controls (D49, D50)', () => {
  it('draws first, reveals hidden numbers next, and offers no primary once players have them', () => {
    expect(numbersPrimary(facts())).toBe('randomize');
    expect(numbersPrimary(facts({ drawn: true }))).toBe('reveal');
    expect(numbersPrimary(facts({ drawn: true, revealed: true, shown: true }))).toBeNull();
    expect(numbersPrimary(facts({ waiting: true }))).toBeNull();
    // Hidden again after players saw them: revealing is the step back.
    expect(numbersPrimary(facts({ drawn: true, shown: true }))).toBe('reveal');
  });

  it('numbers players have seen are replaced only by Clear; scores lock both', () => {
    expect(randomizeLock(facts({ drawn: true }))).toBeNull();
    expect(randomizeLock(facts({ drawn: true, shown: true }))).toBe(NUMBERS_LOCKS.shown);
    expect(randomizeLock(facts({ drawn: true, shown: true, scoresIn: true }))).toBe(NUMBERS_LOCKS.scores);
    expect(clearLock(facts({ drawn: true, shown: true }))).toBeNull();
    expect(clearLock(facts())).toBe(NUMBERS_LOCKS.nothingToClear);
    expect(clearLock(facts({ waiting: true }))).toBeNull();
    expect(clearLock(facts({ drawn: true, scoresIn: true }))).toBe(NUMBERS_LOCKS.scores);
  });

  it("Clear's question says whether players already have the digits", () => {
    expect(clearDialogText(facts({ drawn: true, shown: true }))).toContain('every player with squares is told by mail');
    expect(clearDialogText(facts({ drawn: true }))).toContain('before any player has seen them');
  });

  it("the not-full question takes the game's own rule for a winning square nobody bought", () => {
    const house = notFullDialogText(90, 100, { unbought_rule: 'house', game_type: 'nfl', organizer_label: 'organizer' });
    expect(house).toContain('10 unsold squares stay unsold');
    expect(house).toContain('the organizer keeps its share');
    const forward = notFullDialogText(99, 100, { unbought_rule: 'roll', game_type: 'nfl', organizer_label: 'Food Bank' });
    expect(forward).toContain('1 unsold square stays unsold');
    expect(forward).toContain('rolls forward to the next quarter');
    expect(forward).not.toContain('pays nothing');
  });
});

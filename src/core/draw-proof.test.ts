import { describe, expect, it } from 'vitest';
import { drawProofSentence } from './draw-proof';

const NOW = new Date('2026-12-08T12:00:00.000Z');

const beacon = (set: number, periods: string, round: number, at: string | null) => ({
  set,
  periods_label: periods,
  method: 'beacon' as const,
  round,
  drawn_at: at,
});

describe("the verify page's first sentence (D38, D49)", () => {
  it('says the drand round and when, in the game zone', () => {
    expect(drawProofSentence([beacon(1, 'Q1-Q4', 1234, '2026-12-06T23:30:00.000Z')], 'America/New_York', NOW)).toBe(
      'These numbers were fixed by drand round 1234 at Sun, Dec 6, 6:30 PM EST, after the board was final; nobody could know or choose them before.',
    );
  });

  it('names each set of a game with several', () => {
    const sentence = drawProofSentence(
      [beacon(1, 'Q1-Q2', 10, '2026-12-06T23:30:00.000Z'), beacon(2, 'Q3-Q4', 900, '2026-12-07T01:00:00.000Z'), beacon(3, 'X', 1, null)],
      'America/Chicago',
      NOW,
    );
    expect(sentence).toBe(
      'These numbers were fixed by drand round 10 at Sun, Dec 6, 5:30 PM CST (set 1, Q1-Q2) and drand round 900 at Sun, Dec 6, 7:00 PM CST (set 2, Q3-Q4), after the board was final; nobody could know or choose them before.',
    );
  });

  it('says the weakness of commit-reveal', () => {
    const sentence = drawProofSentence(
      [{ set: 1, periods_label: 'Q1-Q4', method: 'commit-reveal', round: 1, drawn_at: '2026-12-06T23:30:00.000Z' }],
      'America/New_York',
      NOW,
    );
    expect(sentence).toMatch(/^These numbers were drawn at Sun, Dec 6, 6:30 PM EST from the final board and a secret seed/);
    expect(sentence).toContain('whoever runs the server could read the seed early and know the numbers');
  });

  it('says what is not drawn yet, and that an old draw has nothing to check', () => {
    expect(drawProofSentence([beacon(1, 'Q1-Q4', 77, null)], null)).toMatch(/^These numbers will be fixed by drand round 77/);
    expect(drawProofSentence([], null)).toBe('No numbers drawn yet.');
    expect(drawProofSentence([{ set: 1, periods_label: 'Q1-Q4', method: 'legacy', round: null, drawn_at: '2026-12-06T23:30:00.000Z' }], null)).toMatch(
      /nothing to check/,
    );
  });
});

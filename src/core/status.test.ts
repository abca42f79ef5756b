import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DrawLogEntry, GameState } from './status';
import {
  BEACON_HIDING_NOTE,
  hidingNote,
  PAYOUT_STATUSES,
  ADMIN_PHASES,
  adminPhase,
  drawLogSummary,
  gameCardBadge,
  gameStatusLine,
  isPayoutStatus,
  numbersVisibilityText,
  payoutStatusLabel,
  payoutSettled,
  playerPayoutBadge,
  scoreCorrectionBlock,
} from './status';

/** The clock the sales rule reads: long before any kickoff of these games. */
const NOW = new Date('2026-01-01T00:00:00Z');

const game = (overrides: Partial<GameState>): GameState => ({
  is_active: true,
  grid_shuffled: false,
  numbers_revealed: false,
  squares_claimed: 0,
  board_size: 100,
  ...overrides,
});

describe('gameCardBadge (D16)', () => {
  it('reads Active, Sold Out, In Progress or Closed', () => {
    expect(gameCardBadge(game({}), NOW)).toBe('Active');
    expect(gameCardBadge(game({ squares_claimed: 99 }), NOW)).toBe('Active');
    expect(gameCardBadge(game({ squares_claimed: 100 }), NOW)).toBe('Sold Out');
    expect(gameCardBadge(game({ squares_claimed: 100, grid_shuffled: true }), NOW)).toBe('In Progress');
    expect(gameCardBadge(game({ squares_claimed: 100, is_active: false }), NOW)).toBe('Closed');
    expect(gameCardBadge(game({ grid_shuffled: true }), NOW)).toBe('In Progress');
    expect(gameCardBadge(game({ is_active: false }), NOW)).toBe('Closed');
  });

  it('never shows In Progress for a completed game', () => {
    expect(gameCardBadge(game({ is_active: false, grid_shuffled: true }), NOW)).toBe('Closed');
  });
});

describe('adminPhase (D45: one admin word per state)', () => {
  it.each([
    [{ is_active: false, grid_shuffled: true, squares_claimed: 100 }, 'Completed'],
    [{ is_active: false, grid_shuffled: false, squares_claimed: 3 }, 'Completed'],
    [{ is_active: true, grid_shuffled: true, squares_claimed: 40 }, 'In Progress'],
    [{ is_active: true, grid_shuffled: false, squares_claimed: 100 }, 'Ready to Shuffle'],
    [{ is_active: true, grid_shuffled: false, squares_claimed: 99 }, 'Active'],
    [{ is_active: true, grid_shuffled: false, squares_claimed: 0 }, 'Active'],
  ] as const)('%j is %s', (state, phase) => {
    expect(adminPhase({ ...state, board_size: 100 })).toBe(phase);
  });

  it.each([
    [25, 25, 'Ready to Shuffle', 'Sold Out'],
    [25, 24, 'Active', 'Active'],
    [50, 50, 'Ready to Shuffle', 'Sold Out'],
    [50, 49, 'Active', 'Active'],
    [100, 50, 'Active', 'Active'],
  ] as const)('a board of %i with %i sold is %s, and Sold Out only when full (D36)', (board_size, squares_claimed, phase, badge) => {
    const state = { is_active: true, grid_shuffled: false, squares_claimed, board_size };
    expect(adminPhase(state)).toBe(phase);
    expect(gameCardBadge(state, NOW)).toBe(badge);
    expect(gameStatusLine({ ...state, numbers_revealed: false })).toBe(
      phase === 'Ready to Shuffle' ? 'All squares sold, numbers not drawn yet' : 'Numbers not drawn yet',
    );
  });

  it("agrees with the players' badge wherever the badge tells the state apart (D16)", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 100 }), fc.constantFrom(100, 50, 25), (a, s, c, size) => {
        const state = { is_active: a, grid_shuffled: s, squares_claimed: Math.min(c, size), board_size: size };
        const phase = adminPhase(state);
        const badge = gameCardBadge(state, NOW);
        expect(ADMIN_PHASES).toContain(phase);
        if (badge === 'Closed') expect(phase).toBe('Completed');
        else if (phase !== 'Ready to Shuffle') expect(phase).toBe(badge);
        else expect(badge).toBe('Sold Out');
      }),
    );
  });
});

describe('gameStatusLine (D16, D45)', () => {
  it.each([
    [game({}), 'Numbers not drawn yet'],
    [game({ squares_claimed: 57 }), 'Numbers not drawn yet'],
    [game({ squares_claimed: 100 }), 'All squares sold, numbers not drawn yet'],
    [game({ grid_shuffled: true, squares_claimed: 100 }), 'Numbers drawn, not revealed yet'],
    [game({ grid_shuffled: true, numbers_revealed: true }), 'Numbers revealed'],
    [game({ is_active: false, grid_shuffled: true, numbers_revealed: true }), 'Numbers revealed'],
    [game({ is_active: false }), 'No numbers were drawn'],
  ])('%j reads %s', (state, line) => {
    expect(gameStatusLine(state)).toBe(line);
  });

  it('says a beacon draw waits for its drand round until set 1 is drawn (D38)', () => {
    const drawn = game({ grid_shuffled: true, squares_claimed: 100 });
    const waiting = { set: 1, method: 'beacon', round: 3614, drawn_at: null };
    expect(gameStatusLine(drawn, [waiting])).toBe('Drawing the numbers: waiting for drand round 3614');
    expect(gameStatusLine(drawn, [{ ...waiting, drawn_at: '2026-11-26T23:00:00.000Z' }])).toBe('Numbers drawn, not revealed yet');
    expect(gameStatusLine(drawn, [{ ...waiting, method: 'commit-reveal' }])).toBe('Numbers drawn, not revealed yet');
    // A later set waiting does not make the game "drawing".
    expect(gameStatusLine(drawn, [{ ...waiting, set: 2 }])).toBe('Numbers drawn, not revealed yet');
  });

  it('is plain text about the numbers: never the raw flags, never a second word for the state (D45)', () => {
    const stateWords = /true|false|_|Active|In Progress|Closed|Completed|Ready|Awaiting|Open for sales/;
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 100 }), (a, s, r, c) => {
        const line = gameStatusLine({ is_active: a, grid_shuffled: s, numbers_revealed: r, squares_claimed: c, board_size: 100 });
        expect(line).not.toMatch(stateWords);
      }),
    );
  });
});

describe('numbersVisibilityText', () => {
  it('reads Numbers visible, Numbers hidden or No numbers generated', () => {
    expect(numbersVisibilityText({ hasNumbers: true, numbersRevealed: true })).toBe('Numbers visible');
    expect(numbersVisibilityText({ hasNumbers: true, numbersRevealed: false })).toBe('Numbers hidden');
    expect(numbersVisibilityText({ hasNumbers: false, numbersRevealed: true })).toBe('No numbers generated');
  });
});

describe('payout statuses', () => {
  it('are the five stored values', () => {
    expect(PAYOUT_STATUSES).toEqual(['pending', 'processing', 'completed', 'failed', 'paid']);
    expect(isPayoutStatus('paid')).toBe(true);
    expect(isPayoutStatus('Paid')).toBe(false);
  });

  it.each([
    ['pending', 'Pending', 'Pending'],
    ['processing', 'Processing', 'Pending'],
    ['completed', 'Paid', 'Paid'],
    ['paid', 'Paid', 'Paid'],
    ['failed', 'Failed', 'Pending'],
  ] as const)('%s reads %s for admins and %s for players (D23)', (status, adminLabel, playerLabel) => {
    expect(payoutStatusLabel(status)).toBe(adminLabel);
    expect(playerPayoutBadge(status)).toBe(playerLabel);
  });
});

describe('drawLogSummary (D17)', () => {
  const at = (hhmm: string): DrawLogEntry<string> => ({ kind: 'draw', at: hhmm });
  const cleared = (hhmm: string): DrawLogEntry<string> => ({ kind: 'clear', at: hhmm });
  const asIs = (time: string) => time;

  it('is null when numbers were never drawn', () => {
    expect(drawLogSummary([], asIs)).toBeNull();
  });

  it.each([
    [[at('19:02')], 'drawn 19:02'],
    [[at('19:00'), at('19:02')], 'drawn 19:02; redrawn once'],
    [[at('19:00'), cleared('19:01'), at('19:02')], 'drawn 19:02; redrawn once'],
    [[at('19:00'), cleared('19:01'), at('19:02'), at('19:03')], 'drawn 19:03; redrawn twice'],
    [[at('1'), at('2'), at('3'), at('4')], 'drawn 4; redrawn 3 times'],
    [[at('19:00'), cleared('19:05')], 'cleared 19:05; drawn once before'],
    [[at('19:00'), cleared('19:05'), at('19:06'), cleared('19:07')], 'cleared 19:07; drawn twice before'],
    [[cleared('19:05')], 'cleared 19:05'],
  ])('%j reads %s', (entries, summary) => {
    expect(drawLogSummary(entries, asIs)).toBe(summary);
  });

  it('formats times with the formatter it is given', () => {
    const entries: DrawLogEntry<Date>[] = [{ kind: 'draw', at: new Date(Date.UTC(2026, 1, 8, 19, 2)) }];
    const utcTime = (d: Date) => d.toISOString().slice(11, 16);
    expect(drawLogSummary(entries, utcTime)).toBe('drawn 19:02');
  });

  it('counts every draw after the first as a redraw', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('draw' as const, 'clear' as const), { minLength: 1, maxLength: 30 }), (kinds) => {
        const entries = kinds.map((kind, i) => ({ kind, at: String(i) }));
        const summary = drawLogSummary(entries, asIs) ?? '';
        const draws = kinds.filter((k) => k === 'draw').length;
        const lastIndex = String(kinds.length - 1);
        if (kinds.at(-1) === 'draw') {
          expect(summary.startsWith(`drawn ${lastIndex}`)).toBe(true);
          expect(summary.includes('redrawn')).toBe(draws > 1);
        } else {
          expect(summary.startsWith(`cleared ${lastIndex}`)).toBe(true);
          expect(summary.includes('before')).toBe(draws > 0);
        }
      }),
    );
  });
});

describe('payoutSettled and scoreCorrectionBlock (D19, D23: one rule for server and web)', () => {
  const statuses = ['pending', 'processing', 'completed', 'failed', 'paid'] as const;

  it('settles completed and paid payouts only', () => {
    expect(statuses.map(payoutSettled)).toEqual([false, false, true, false, true]);
  });

  it('blocks a correction once money moved or is moving, never for an unsold square settled at 0', () => {
    const won = (payout_status: (typeof statuses)[number]) => scoreCorrectionBlock({ payout_status, payout_amount_cents: 2500, hasWinner: true });
    expect(statuses.map(won)).toEqual([null, 'processing', 'settled', null, 'settled']);
    expect(scoreCorrectionBlock({ payout_status: 'completed', payout_amount_cents: 0, hasWinner: false })).toBeNull();
    // A winner paid 0 (an empty pot) still had a payout recorded as paid: the score is final.
    expect(scoreCorrectionBlock({ payout_status: 'completed', payout_amount_cents: 0, hasWinner: true })).toBe('settled');
  });
});

describe('hiding the numbers of a beacon draw (D38)', () => {
  it('says hiding keeps no secret once a beacon set is drawn; nothing for commit-reveal, legacy or a round still awaited', () => {
    const at = '2026-02-08T23:00:00.000Z';
    expect(hidingNote([{ method: 'beacon', drawn_at: at }])).toBe(BEACON_HIDING_NOTE);
    expect(hidingNote([{ method: 'beacon', drawn_at: null }])).toBeNull();
    expect(hidingNote([{ method: 'commit-reveal', drawn_at: at }])).toBeNull();
    expect(hidingNote([{ method: 'legacy', drawn_at: at }])).toBeNull();
    expect(hidingNote([])).toBeNull();
  });
});

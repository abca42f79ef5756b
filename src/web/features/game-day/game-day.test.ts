import type { PeriodResult } from '@core/api/game-day';
import { describe, expect, it } from 'vitest';
import { canConfirmPeriod, gameDayTabKey, readGameDayTab, writeGameDayTab } from './game-day';

function result(period: 1 | 2 | 3 | 4, payout_status: PeriodResult['payout_status']): PeriodResult {
  return {
    period,
    team_a_score: 14,
    team_b_score: 7,
    winning_numbers_x: 4,
    winning_numbers_y: 7,
    square_x: 0,
    square_y: 0,
    winner_name: 'alice',
    winner_no_account: false,
    winner_email: null,
    winner_owes_cents: 0,
    winner_id: 'u1',
    payout_amount_cents: 2500,
    payout_status,
    payout_reference: null,
    retry_count: 0,
    last_retry_at: null,
    paid_at: null,
  };
}

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('canConfirmQuarter (D19)', () => {
  it('allows the next quarter, and a confirmed one while its payout is not completed', () => {
    const view = { next_period: 3 as const, results: [result(1, 'completed'), result(2, 'pending')] };
    expect(canConfirmPeriod(view, 1)).toBe(false);
    expect(canConfirmPeriod(view, 2)).toBe(true);
    expect(canConfirmPeriod(view, 3)).toBe(true);
    expect(canConfirmPeriod(view, 4)).toBe(false);
  });

  it('keeps a quarter won by an unsold square correctable: $0 and no money moved (D24)', () => {
    const unsold = { ...result(1, 'completed'), winner_id: null, winner_name: null, payout_amount_cents: 0 };
    expect(canConfirmPeriod({ next_period: 2, results: [unsold] }, 1)).toBe(true);
    expect(canConfirmPeriod({ next_period: 2, results: [result(1, 'processing')] }, 1)).toBe(false);
  });

  it('refuses a quarter whose payout is paid or under way, and allows a failed one', () => {
    const view = { next_period: null, results: [result(1, 'paid'), result(2, 'processing'), result(3, 'failed'), result(4, 'completed')] };
    expect([1, 2, 3, 4].map((q) => canConfirmPeriod(view, q as 1 | 2 | 3 | 4))).toEqual([false, false, true, false]);
  });
});

describe('the remembered tab', () => {
  it('defaults to Score Entry and remembers per game', () => {
    const storage = memoryStorage();
    expect(readGameDayTab(storage, 'g1')).toBe('score-entry');
    writeGameDayTab(storage, 'g1', 'grid');
    expect(readGameDayTab(storage, 'g1')).toBe('grid');
    expect(readGameDayTab(storage, 'g2')).toBe('score-entry');
  });

  it('ignores an unknown value and storage that throws', () => {
    const storage = memoryStorage();
    storage.setItem(gameDayTabKey('g1'), 'nonsense');
    expect(readGameDayTab(storage, 'g1')).toBe('score-entry');
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readGameDayTab(broken, 'g1')).toBe('score-entry');
    expect(() => writeGameDayTab(broken, 'g1', 'results')).not.toThrow();
    expect(readGameDayTab(undefined, 'g1')).toBe('score-entry');
  });
});

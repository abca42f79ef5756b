import type { PeriodResult } from '@core/api/game-day';
import { HALF_MODEL, QUARTER_MODEL } from '@core/periods';
import { describe, expect, it } from 'vitest';
import { confirmAllHint, confirmedValue, newlyProcessed, periodTitleWord, scoreChanged, shownScore, showsFeedScore, stoppedText, toPair } from './score-entry';

function result(period: 1 | 2 | 3 | 4, scores: [number, number], payout_status: PeriodResult['payout_status'] = 'pending'): PeriodResult {
  return {
    period,
    team_a_score: scores[0],
    team_b_score: scores[1],
    winning_numbers_x: scores[0] % 10,
    winning_numbers_y: scores[1] % 10,
    square_x: 0,
    square_y: 0,
    winner_name: 'amy',
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
  } as PeriodResult;
}

describe('what a period score boxes show', () => {
  const confirmed = result(1, [14, 7]);
  const feed = { team_a_score: 17, team_b_score: 10 };

  it('shows the confirmed score, or nothing before one', () => {
    expect(shownScore(confirmed, undefined, undefined)).toEqual({ teamA: '14', teamB: '7' });
    expect(shownScore(undefined, undefined, undefined)).toEqual({ teamA: '', teamB: '' });
    expect(confirmedValue(confirmed, 'teamB')).toBe('7');
    expect(confirmedValue(undefined, 'teamA')).toBe('');
  });

  it('lets what is typed win over the feed, and the feed fill a box nobody typed in (D39)', () => {
    expect(shownScore(undefined, undefined, feed)).toEqual({ teamA: '17', teamB: '10' });
    expect(shownScore(undefined, { teamA: '21' }, feed)).toEqual({ teamA: '21', teamB: '10' });
    expect(shownScore(confirmed, { teamB: '' }, undefined)).toEqual({ teamA: '14', teamB: '' });
  });

  it('shows the final score of a period whose payout is done, whatever was typed', () => {
    const paid = result(1, [14, 7], 'completed');
    expect(shownScore(paid, { teamA: '99', teamB: '1' }, undefined)).toEqual({ teamA: '14', teamB: '7' });
  });

  it('says the boxes hold the feed score only while nothing was typed over it', () => {
    expect(showsFeedScore(feed, { teamA: '17', teamB: '10' })).toBe(true);
    expect(showsFeedScore(feed, { teamA: '17', teamB: '11' })).toBe(false);
    expect(showsFeedScore(undefined, { teamA: '17', teamB: '10' })).toBe(false);
  });
});

describe('what Confirm sends and what it counts as new', () => {
  it('sends the boxes as numbers', () => {
    expect(toPair({ teamA: '21', teamB: '0' })).toEqual({ team_a_score: 21, team_b_score: 0 });
  });

  it('counts a period as changed until its boxes hold its confirmed score', () => {
    expect(scoreChanged(undefined, { teamA: '14', teamB: '7' })).toBe(true);
    expect(scoreChanged(result(1, [14, 7]), { teamA: '14', teamB: '7' })).toBe(false);
    expect(scoreChanged(result(1, [14, 7]), { teamA: '14', teamB: '10' })).toBe(true);
  });

  it('toasts only the periods Confirm All processed anew, not one sent again with its confirmed score', () => {
    const before = [result(1, [7, 0]), result(2, [14, 3])];
    const sent = {
      1: { teamA: '7', teamB: '0' },
      2: { teamA: '14', teamB: '10' },
      3: { teamA: '21', teamB: '10' },
      4: { teamA: '28', teamB: '17' },
    };
    expect(newlyProcessed([1, 2, 3, 4], before, sent)).toEqual([2, 3, 4]);
    expect(newlyProcessed([], before, sent)).toEqual([]);
  });
});

describe('the texts of Score Entry', () => {
  it('names the period kind in a title', () => {
    expect(periodTitleWord(QUARTER_MODEL)).toBe('Quarter');
    expect(periodTitleWord(HALF_MODEL)).toBe('Half');
  });

  it('says why Confirm All waits, or what it does', () => {
    const ready = { hasNumbers: true, anythingToConfirm: true, allValid: true };
    expect(confirmAllHint(QUARTER_MODEL, { ...ready, hasNumbers: false })).toBe('Available once numbers are drawn.');
    expect(confirmAllHint(HALF_MODEL, { ...ready, anythingToConfirm: false })).toBe('All halves are confirmed.');
    expect(confirmAllHint(QUARTER_MODEL, ready)).toBe('Confirms every quarter in order, stopping at the first problem.');
    expect(confirmAllHint(QUARTER_MODEL, { ...ready, allValid: false })).toBe('Enter all eight scores to confirm all quarters at once.');
    expect(confirmAllHint(HALF_MODEL, { ...ready, allValid: false })).toBe('Enter all four scores to confirm all halves at once.');
  });

  it('says what a stopped Confirm All processed before it stopped', () => {
    expect(stoppedText(QUARTER_MODEL, { period: 3, message: 'x', processed: [1, 2] })).toBe('Q1, Q2 were processed. Fix Q3 and confirm again.');
    expect(stoppedText(QUARTER_MODEL, { period: 2, message: 'x', processed: [1] })).toBe('Q1 was processed. Fix Q2 and confirm again.');
    expect(stoppedText(HALF_MODEL, { period: 1, message: 'x', processed: [] })).toBe('No half was processed. Fix H1 and confirm again.');
  });
});

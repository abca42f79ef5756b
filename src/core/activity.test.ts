import { describe, expect, it } from 'vitest';
import { QUARTER_MODEL } from './periods';
import { activityMessage } from './activity';

describe('the kickoff entries of the game log (D39)', () => {
  const base = { actor: null, subject: null, squares: [] };

  it('says the kickoff draw drew and showed the numbers; older entries keep what they said', () => {
    expect(activityMessage({ ...base, action: 'drawn', detail: { kickoff: true, revealed: true } }, QUARTER_MODEL)).toBe(
      'Kickoff: the app drew and showed the numbers',
    );
    expect(activityMessage({ ...base, action: 'drawn', detail: { kickoff: true } }, QUARTER_MODEL)).toBe('Kickoff: the app drew the numbers');
    expect(activityMessage({ ...base, action: 'sales_closed', detail: { kickoff: true } }, QUARTER_MODEL)).toBe('Kickoff: sales closed');
  });
});

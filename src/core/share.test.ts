import { describe, expect, it } from 'vitest';
import { isLoopbackLink, shareMessage } from './share';

describe('the share view (D45)', () => {
  it('knows a link that only reaches this computer', () => {
    for (const url of [
      'http://localhost:3000/game/1',
      'http://LOCALHOST/x',
      'http://app.localhost:3000/',
      'http://127.0.0.1:3000/game/1',
      'http://127.1.2.3/',
      'http://[::1]:3000/game/1',
    ]) {
      expect(isLoopbackLink(url), url).toBe(true);
    }
    for (const url of [
      'http://192.168.1.20:3000/game/1',
      'https://squares.example.com/game/1',
      'http://127.0.0.1.example.com/',
      'http://10.0.0.2/',
      'not a url',
    ]) {
      expect(isLoopbackLink(url), url).toBe(false);
    }
  });

  it('writes the message: title, price per square, pay-by time if any', () => {
    const game = { title: 'Office Pool', price_per_square_cents: 1000, pay_by: null };
    expect(shareMessage(game, () => 'never')).toBe('Join Office Pool: squares are $10.00 each. Pick yours here:');
    expect(shareMessage({ ...game, pay_by: '2026-02-08T18:00:00.000Z' }, () => 'Feb 8, 2026, 6:00 PM')).toBe(
      'Join Office Pool: squares are $10.00 each. Pay by Feb 8, 2026, 6:00 PM. Pick yours here:',
    );
  });
});

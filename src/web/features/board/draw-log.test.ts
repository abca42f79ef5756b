import { describe, expect, it } from 'vitest';
import { drawLogText } from './draw-log';

describe('drawLogText (D17): the draw log in one line', () => {
  it('nothing before any draw', () => {
    expect(drawLogText([], 'America/New_York')).toBeNull();
  });

  it("in the game's zone (D39): the latest draw and how often it was redrawn or cleared", () => {
    const drawn = { action: 'drawn' as const, created_at: '2026-01-01T00:02:00Z' };
    const cleared = { action: 'cleared' as const, created_at: '2026-01-01T00:05:00Z' };
    expect(drawLogText([drawn], 'America/New_York')).toMatch(/^drawn .*7:02 PM EST$/);
    expect(drawLogText([drawn, cleared, { ...drawn, created_at: '2026-01-01T00:10:00Z' }], 'America/New_York')).toMatch(/^drawn .*7:10 PM EST; redrawn once$/);
    expect(drawLogText([drawn, cleared], 'America/New_York')).toMatch(/^cleared .*7:05 PM EST; drawn once before$/);
  });

  it("a game without a zone reads the times in the reader's clock", () => {
    const at = new Date(2026, 0, 5, 19, 32).toISOString();
    expect(drawLogText([{ action: 'drawn', created_at: at }], null)).toMatch(/^drawn (Jan 5, )?7:32 PM$/);
  });
});

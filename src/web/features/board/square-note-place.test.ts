import { describe, expect, it } from 'vitest';
import { liveRegionText, placeNote } from './square-note-place';

/** An element as far as the note's placing reads it: its box. */
const box = (left: number, top: number, width: number, height: number) =>
  ({ getBoundingClientRect: () => ({ left, top, width, height, right: left + width, bottom: top + height }) }) as unknown as HTMLElement;

describe("placeNote: where a tap's note stands in the board's frame", () => {
  const frame = box(100, 200, 400, 400);

  it('above its square, centred on it, when there is room above', () => {
    expect(placeNote({ text: 'Hi', at: box(140, 300, 30, 30) }, frame)).toEqual({ text: 'Hi', left: 55, top: 94, above: true });
  });

  it('below its square on the top rows', () => {
    expect(placeNote({ text: 'Hi', at: box(140, 256, 30, 30) }, frame)).toEqual({ text: 'Hi', left: 55, top: 92, above: false });
    expect(placeNote({ text: 'Hi', at: box(140, 257, 30, 30) }, frame)).toEqual({ text: 'Hi', left: 55, top: 51, above: true });
  });

  it('nothing for what only the live region says', () => {
    expect(placeNote({ text: 'Square added to cart', at: null }, frame)).toBeNull();
  });
});

describe('liveRegionText', () => {
  it('changes a repeated sentence so it is read out again', () => {
    expect(liveRegionText('Square added to cart', 1)).toBe('Square added to cart\u200b');
    expect(liveRegionText('Square added to cart', 2)).toBe('Square added to cart');
    expect(liveRegionText('', 0)).toBe('');
  });
});

import type { BoardResponse, BoardSquare, OwingInfo } from '@core/api/board';

/**
 * A board's JSON, encoded once per board object, with where each square's text lies in it, so a
 * viewer's copy of a shared board with their own squares marked (`withMine`) costs a copy of the
 * ready bytes with those squares' texts swapped in, instead of encoding 6 kB per request.
 * Squares come first in the text and the viewer's `owing` last (also swapped in for a copy); the
 * fields' order means nothing to a JSON reader.
 */
interface Encoding {
  readonly bytes: Buffer;
  /** Byte offsets of each square's text: square i is bytes[bounds[2i], bounds[2i + 1]). */
  readonly bounds: Uint32Array;
  /** Where the `owing` field's text starts (its comma), up to the closing brace. */
  readonly owingAt: number;
  /** A square's text marked as the viewer's, made the first time a viewer needs it. */
  readonly mineBytes: Map<number, Buffer>;
}

const encodings = new WeakMap<BoardResponse, Encoding>();
/** Boards made by withMine: the shared board they copy and the squares marked as the viewer's. */
const copies = new WeakMap<BoardResponse, { base: BoardResponse; mine: readonly number[]; owing: OwingInfo | null }>();

const HEAD = '{"squares":[';

function encode(board: BoardResponse): Encoding {
  let encoding = encodings.get(board);
  if (encoding === undefined) {
    const { squares, owing, ...rest } = board;
    const bounds = new Uint32Array(squares.length * 2);
    let text = HEAD;
    let offset = Buffer.byteLength(HEAD);
    squares.forEach((square, i) => {
      if (i > 0) {
        text += ',';
        offset += 1;
      }
      const part = JSON.stringify(square);
      bounds[2 * i] = offset;
      offset += Buffer.byteLength(part);
      bounds[2 * i + 1] = offset;
      text += part;
    });
    const others = JSON.stringify(rest);
    text += others === '{}' ? ']' : `],${others.slice(1, -1)}`;
    const owingAt = Buffer.byteLength(text);
    text += `${owingText(owing)}}`;
    encoding = { bytes: Buffer.from(text), bounds, owingAt, mineBytes: new Map() };
    encodings.set(board, encoding);
  }
  return encoding;
}

/** The board's JSON bytes: encoded once per board object; a withMine copy swaps in only its own squares. */
export function boardJson(board: BoardResponse): Buffer {
  const copy = copies.get(board);
  if (copy === undefined) return encode(board).bytes;
  const { bytes, bounds, owingAt, mineBytes } = encode(copy.base);
  const parts: Buffer[] = [];
  let from = 0;
  // withMine's indexes come from the shared board's squares in order, so they ascend.
  for (const i of copy.mine) {
    let marked = mineBytes.get(i);
    if (marked === undefined) {
      marked = Buffer.from(JSON.stringify(board.squares[i]));
      mineBytes.set(i, marked);
    }
    parts.push(bytes.subarray(from, bounds[2 * i]), marked);
    from = bounds[2 * i + 1]!;
  }
  parts.push(bytes.subarray(from, owingAt), Buffer.from(`${owingText(copy.owing)}}`));
  return Buffer.concat(parts);
}

/** The `owing` field's text, led by its comma (squares always come before it). */
function owingText(owing: OwingInfo | null | undefined): string {
  return `,"owing":${JSON.stringify(owing ?? null)}`;
}

/**
 * A copy of `base` (a board with nothing marked as the viewer's) with the squares at the
 * `mine` indexes (ascending) marked as the viewer's, those of them in `unpaid` as unpaid, and
 * what the viewer owes (D28: only their owner is told). `base` itself is shared: never changed here.
 */
export function withMine(base: BoardResponse, mine: readonly number[], unpaid: ReadonlySet<number> = new Set(), owing: OwingInfo | null = null): BoardResponse {
  const squares: BoardSquare[] = base.squares.slice();
  for (const i of mine) squares[i] = { ...squares[i]!, mine: true, unpaid: unpaid.has(i) };
  const copy: BoardResponse = { ...base, squares, owing };
  copies.set(copy, { base, mine, owing });
  return copy;
}

/**
 * Verifiable draws (D38): the ticket, the board hash and the digits derived from a beacon round.
 * docs/decisions/027-verifiable-draws.md states this method in full so anyone can reimplement it.
 *
 * Pure: the hash functions are injected (the server passes node:crypto's; a verifier elsewhere
 * may pass any correct SHA-256 and HMAC-SHA256), so the same code runs in the server and the browser.
 */
import { DIGITS, shuffle, type Digit } from './grid';

/** SHA-256 of some bytes (32 bytes out). */
export type Sha256 = (data: Uint8Array) => Uint8Array;

/** HMAC-SHA256 of `message` under `key` (32 bytes out). */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

/** The board a draw is for: its shape and every square's owner id (null for unsold), row by row. */
export interface DrawBoard {
  readonly rows: number;
  readonly columns: number;
  /** `owners[row * columns + column]`: the owner's id, or null for a square nobody holds. */
  readonly owners: readonly (string | null)[];
}

/** What is fixed and shown before the beacon round exists (D38). */
export interface DrawTicket {
  readonly gameId: string;
  /** The digit set this draw is for, from 1 (D35). */
  readonly setNumber: number;
  /** Lowercase hex SHA-256 of the board's canonical text (boardText). */
  readonly boardHash: string;
  /** Lowercase hex hash of the drand chain the round comes from. */
  readonly chainHash: string;
  readonly round: number;
}

/** The digits a draw gives: each axis a permutation of 0-9 (index = position along the axis). */
export interface DerivedDigits {
  readonly rowDigits: readonly Digit[];
  readonly columnDigits: readonly Digit[];
}

/** The labels in each axis's HMAC message, in the order the axes are derived. */
const AXIS_LABELS = { rows: 'rows', columns: 'columns' } as const;

// Ids are generated (letters, digits, dashes...): refusing anything else keeps the text unambiguous.
const ID_PATTERN = /^[\x21-\x7e]{1,200}$/;
const HEX_32_BYTES = /^[0-9a-f]{64}$/;

function requireId(what: string, value: string): void {
  if (!ID_PATTERN.test(value)) throw new RangeError(`${what} must be 1-200 printable ASCII characters without spaces, got ${JSON.stringify(value)}`);
}

function requirePositiveInteger(what: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${what} must be a positive integer, got ${value}`);
}

function requireHash(what: string, value: string): void {
  if (!HEX_32_BYTES.test(value)) throw new RangeError(`${what} must be 64 lowercase hex characters, got ${JSON.stringify(value)}`);
}

/**
 * The board's canonical text, hashed into the ticket: a header line, the shape, then one line per
 * square in position order (row by row) as `position:ownerId`, or `position:` for an unsold square.
 * Lines end with "\n" (the last one too); UTF-8 (all ASCII).
 */
export function boardText(board: DrawBoard): string {
  requirePositiveInteger('rows', board.rows);
  requirePositiveInteger('columns', board.columns);
  if (board.owners.length !== board.rows * board.columns) {
    throw new RangeError(`a ${board.rows}x${board.columns} board has ${board.rows * board.columns} squares, got ${board.owners.length} owners`);
  }
  const lines = ['squares-pool board v1', `shape:${board.rows}x${board.columns}`];
  board.owners.forEach((owner, position) => {
    if (owner !== null) requireId(`the owner of square ${position}`, owner);
    lines.push(`${position}:${owner ?? ''}`);
  });
  return `${lines.join('\n')}\n`;
}

/** Lowercase hex of some bytes. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The bytes of an even-length lowercase or uppercase hex string. */
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new RangeError(`not an even-length hex string: ${JSON.stringify(hex.slice(0, 80))}`);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const utf8 = new TextEncoder();

/** The ticket's board hash: lowercase hex SHA-256 of boardText. */
export function boardHash(board: DrawBoard, sha256: Sha256): string {
  return toHex(sha256(utf8.encode(boardText(board))));
}

/** The ticket's canonical text: five `name:value` lines after a header, "\n" between lines, none at the end. */
export function ticketText(ticket: DrawTicket): string {
  requireId('the game id', ticket.gameId);
  requirePositiveInteger('the set number', ticket.setNumber);
  requireHash('the board hash', ticket.boardHash);
  requireHash('the chain hash', ticket.chainHash);
  requirePositiveInteger('the round', ticket.round);
  return [
    'squares-pool draw v1',
    `game:${ticket.gameId}`,
    `set:${ticket.setNumber}`,
    `board:${ticket.boardHash}`,
    `chain:${ticket.chainHash}`,
    `round:${ticket.round}`,
  ].join('\n');
}

/**
 * An endless byte stream for one axis: HMAC-SHA256(key = randomness, message = ticket text +
 * "\naxis:" + label + "\nblock:" + n) for n = 0, 1, 2..., each block's 32 bytes in order.
 */
function axisBytes(ticket: string, label: string, randomness: Uint8Array, hmac: HmacSha256): () => number {
  let block = 0;
  let bytes: Uint8Array = new Uint8Array(0);
  let offset = 0;
  return () => {
    if (offset === bytes.length) {
      bytes = hmac(randomness, utf8.encode(`${ticket}\naxis:${label}\nblock:${block}`));
      block += 1;
      offset = 0;
    }
    const byte = bytes[offset] as number;
    offset += 1;
    return byte;
  };
}

/**
 * A uniform integer in [0, n) for n <= 256 by rejection: bytes at or above the largest multiple
 * of n that fits in 256 are skipped, so every remainder is equally likely (no modulo bias).
 */
function uniformBelow(n: number, nextByte: () => number): number {
  const limit = 256 - (256 % n);
  for (;;) {
    const byte = nextByte();
    if (byte < limit) return byte % n;
  }
}

/** One axis: Fisher-Yates over 0-9 (i from 9 down to 1, swap i with a uniform j in [0, i]). */
function deriveAxis(ticket: string, label: string, randomness: Uint8Array, hmac: HmacSha256): Digit[] {
  const nextByte = axisBytes(ticket, label, randomness, hmac);
  return shuffle(DIGITS, (n) => uniformBelow(n, nextByte));
}

/**
 * The digits of a draw from its ticket and the beacon round's randomness (32 bytes, as hex):
 * the row axis from the "rows" stream, the column axis from the "columns" stream.
 */
export function deriveDigits(ticket: DrawTicket, randomnessHex: string, hmac: HmacSha256): DerivedDigits {
  requireHash('the randomness', randomnessHex);
  const text = ticketText(ticket);
  const key = fromHex(randomnessHex);
  return {
    rowDigits: deriveAxis(text, AXIS_LABELS.rows, key, hmac),
    columnDigits: deriveAxis(text, AXIS_LABELS.columns, key, hmac),
  };
}

/**
 * The server's side of the draw derivation (D38): the core's method with node:crypto's hashes.
 */
import { createHash, createHmac } from 'node:crypto';
import { boardHash, deriveDigits, type DerivedDigits, type DrawBoard, type DrawTicket } from '@core/draw-derivation';

export function sha256(data: Uint8Array): Uint8Array {
  return createHash('sha256').update(data).digest();
}

function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return createHmac('sha256', key).update(message).digest();
}

/** The hash a ticket carries for this board. */
export function hashBoard(board: DrawBoard): string {
  return boardHash(board, sha256);
}

/** A draw's digits from its ticket and the verified beacon round's randomness (hex). */
export function digitsForTicket(ticket: DrawTicket, randomnessHex: string): DerivedDigits {
  return deriveDigits(ticket, randomnessHex, hmacSha256);
}

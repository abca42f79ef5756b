/**
 * Checking a commit-reveal digit set from its published values alone (D38, design note 030): the
 * seed against the commit, the board against the ticket's board hash, and the digits derived
 * from the seed and the ticket. Pure: hashes are injected, as in draw-derivation.ts.
 */
import { boardHash, deriveDigits, toHex, fromHex, type DrawBoard, type HmacSha256, type Sha256 } from './draw-derivation';

export interface PublishedCommitRevealSet {
  readonly gameId: string;
  readonly setNumber: number;
  readonly board: DrawBoard;
  readonly boardHash: string;
  readonly commitHash: string;
  /** The draw's ordinal in the game (the ticket's round line). */
  readonly ordinal: number;
  readonly seed: string;
  readonly rowDigits: readonly number[];
  readonly columnDigits: readonly number[];
}

/** Every way the set fails to check out, each said in a sentence; empty when it is sound. */
export function commitRevealProblems(set: PublishedCommitRevealSet, sha256: Sha256, hmac: HmacSha256): string[] {
  const problems: string[] = [];
  try {
    const commit = toHex(sha256(fromHex(set.seed)));
    if (commit !== set.commitHash) problems.push(`the seed hashes to ${commit}, the commit shown from creation is ${set.commitHash}`);
    const board = boardHash(set.board, sha256);
    if (board !== set.boardHash) problems.push(`the published board hashes to ${board}, the ticket says ${set.boardHash}`);
    const digits = deriveDigits(
      { gameId: set.gameId, setNumber: set.setNumber, boardHash: set.boardHash, chainHash: set.commitHash, round: set.ordinal },
      set.seed,
      hmac,
    );
    if (digits.rowDigits.join(',') !== set.rowDigits.join(','))
      problems.push(`the row digits should be ${digits.rowDigits.join(' ')}, published ${set.rowDigits.join(' ')}`);
    if (digits.columnDigits.join(',') !== set.columnDigits.join(',')) {
      problems.push(`the column digits should be ${digits.columnDigits.join(' ')}, published ${set.columnDigits.join(' ')}`);
    }
  } catch (error) {
    problems.push(`malformed: ${(error as Error).message}`);
  }
  return problems;
}

/**
 * GET /api/games/:id/draw-record (D38, design note 030): everything a game's draws publish, for
 * the verify page and `npm run verify-draw`. Public like the board (D11, D30's visibility), with
 * the digits under the board's reveal rule (D16).
 */
import { z } from 'zod';
import { boardDigitSetSchema } from './board';
import { int, list } from './contract';

export const drawRecordSchema = z.object({
  game_id: z.string(),
  /** The board as the ticket hashes it (boardText of design note 027): owners' ids by position, row by row. */
  board: z.object({ rows: int, columns: int, owners: list(z.string().nullable()) }),
  /** The commit-reveal seed's SHA-256 (null for a beacon game). */
  commit_hash: z.string().nullable(),
  sets: list(boardDigitSetSchema),
});
export type DrawRecord = z.infer<typeof drawRecordSchema>;

/** GET /api/games/:id/draw-verification: the record and, per set, what recomputing it from the record found. */
export const drawVerificationSchema = z.object({
  record: drawRecordSchema,
  sets: list(
    z.object({
      set: int,
      /** verified; pending (not drawn or not published yet); legacy (drawn before tickets); mismatch (with the problems). */
      status: z.enum(['verified', 'pending', 'legacy', 'mismatch']),
      problems: list(z.string()),
    }),
  ),
});
export type DrawVerification = z.infer<typeof drawVerificationSchema>;

/** GET /api/me: who the session belongs to (null for a visitor) and whether they are an admin (D8). */
import { z } from 'zod';
import type { Contract } from './contract';

export const meResponseSchema = z.object({
  /** `username` is null until an account made by a sign-in link chooses one at /welcome (D29). */
  user: z.object({ id: z.string(), email: z.string(), username: z.string().nullable() }).nullable(),
  isAdmin: z.boolean(),
});
export type MeResponse = Contract<typeof meResponseSchema>;

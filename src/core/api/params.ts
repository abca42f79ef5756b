/** The `:id` of a route's path: one schema for every route that names a game or a checkout. */
import { z } from 'zod';

export const idParams = z.object({ id: z.string() });

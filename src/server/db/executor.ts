import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** What a query runs on: the database, or a transaction of it (Kysely's Transaction is a Kysely). */
export type Executor = Kysely<Database>;

import { sql, type RawBuilder } from 'kysely';
import type { DbKind } from '../connection';

/** The few column types that differ between SQLite and PostgreSQL. */
export interface ColumnTypes {
  boolean: 'boolean' | 'integer';
  timestamp: 'timestamptz' | 'text';
  true: RawBuilder<unknown>;
  false: RawBuilder<unknown>;
}

export function columnTypes(kind: DbKind): ColumnTypes {
  return kind === 'postgres'
    ? { boolean: 'boolean', timestamp: 'timestamptz', true: sql`true`, false: sql`false` }
    : { boolean: 'integer', timestamp: 'text', true: sql`1`, false: sql`0` };
}

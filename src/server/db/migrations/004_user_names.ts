import type { Kysely } from 'kysely';

/**
 * Issue 10: the names accounts show were not checked. From now on a username is 3-30 ASCII
 * letters, digits and _ . - (stored lower-cased, unique), and its display username and `name`
 * are that username in any mix of case. This repairs the rows written before:
 *
 * - a username that breaks the rule becomes a safe one made from it (accents dropped, anything
 *   else removed, at most 30 characters; "player" when nothing is left), made unique with -2,
 *   -3, ... Older accounts keep their names first;
 * - a display username (or name) that is not the username in some case becomes the username.
 *
 * Self-contained on purpose: a released migration must not change when the app's rules do.
 */

const STORED_USERNAME = /^[a-z0-9_.-]{3,30}$/;
const SHOWN_USERNAME = /^[A-Za-z0-9_.-]+$/;
const MAX_LENGTH = 30;

export interface UserNames {
  id: string;
  username: string | null;
  displayUsername: string | null;
  name: string | null;
}

/** The changes that bring every row under the rule, oldest rows first in `rows`. */
export function repairedNames(rows: readonly UserNames[]): UserNames[] {
  const taken = new Set(rows.map((r) => r.username).filter((u): u is string => u !== null && STORED_USERNAME.test(u)));
  const changes: UserNames[] = [];
  for (const row of rows) {
    let username = row.username;
    if (username === null || !STORED_USERNAME.test(username)) {
      username = uniqueName(safeBase(row.username ?? row.name ?? ''), taken);
      taken.add(username);
    }
    const shows = (value: string | null): value is string => value !== null && SHOWN_USERNAME.test(value) && value.toLowerCase() === username;
    const displayUsername = shows(row.displayUsername) ? row.displayUsername : username;
    const name = shows(row.name) ? row.name : displayUsername;
    if (username !== row.username || displayUsername !== row.displayUsername || name !== row.name) {
      changes.push({ id: row.id, username, displayUsername, name });
    }
  }
  return changes;
}

function safeBase(raw: string): string {
  const base = raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '')
    .slice(0, MAX_LENGTH);
  return base.length >= 3 ? base : 'player';
}

function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = base.slice(0, MAX_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

export function userNamesRepair() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const rows = (await db
        .selectFrom('user')
        .select(['id', 'username', 'displayUsername', 'name'])
        .orderBy('createdAt')
        .orderBy('id')
        .execute()) as UserNames[];
      for (const change of repairedNames(rows)) {
        await db
          .updateTable('user')
          .set({ username: change.username, displayUsername: change.displayUsername, name: change.name })
          .where('id', '=', change.id)
          .execute();
      }
    },
  };
}

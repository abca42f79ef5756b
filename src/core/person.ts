/**
 * D48, one way to show a person: their username; a named person (D29: someone the organizer put
 * on squares without an account, "Aunt May") by the name typed, marked "no account"; an e-mail
 * address only where admins read it and only a real one, never a named person's placeholder
 * address. The server's queries select the three facts once (db/shared-queries.ts `person`), every
 * answer carries them, and every page, CSV and log line says them through `personLabel`.
 */

/** The facts a person is shown by. */
export interface ShownPerson {
  /** Username (as typed), or a named person's name; null for an account with no username yet (D29). */
  readonly name: string | null;
  /** A named person (D29): no account of their own. */
  readonly noAccount: boolean;
  /** A real address, sent to admins only; null for everyone else and for a named person without one. */
  readonly email?: string | null;
}

/**
 * The mark after a named person's name, in words wherever text says a person (results, payments,
 * CSVs, mails). A board cell has no letters to spare: it shows the name and a small mark whose
 * accessible label and legend entry are these words (`NO_ACCOUNT_LEGEND`).
 */
export const NO_ACCOUNT_MARK = 'no account';

/** The board legend's entry for that mark. */
export const NO_ACCOUNT_LEGEND = 'No account (a person the organizer put on squares)';

/** The domain of a named person's placeholder address (docs/decisions/013). */
export const PLACEHOLDER_EMAIL_DOMAIN = 'named.invalid';

/** D41: the domain of a deleted account's address (docs/decisions/034): its real one is erased. */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/** True for an address that reaches no one: a named person's placeholder (and any `.invalid`, RFC 2606). */
export function isPlaceholderEmail(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

/**
 * A person as every page, export and log line says them: "coach_k", "Aunt May (no account)", else
 * a real address (admins only get one), else `fallback`.
 */
export function personLabel(person: ShownPerson, fallback = 'a player'): string {
  const name = person.name?.trim();
  if (name) return person.noAccount ? `${name} (${NO_ACCOUNT_MARK})` : name;
  const email = person.email?.trim();
  if (email && !isPlaceholderEmail(email)) return email;
  return fallback;
}

/** A person on a board cell: the name without the words, and the flag the cell marks with a sign (`NO_ACCOUNT_MARK` is its label). */
export interface CellPerson {
  readonly name: string;
  readonly noAccount: boolean;
}

/**
 * A person as a board cell shows them: the same name `personLabel` says, but "no account" as a flag
 * rather than words, which a cell of a few letters would cut ("Li Wei (no…"). Null when nobody is shown.
 */
export function cellPerson(person: ShownPerson, fallback?: string): CellPerson | null {
  const named = Boolean(person.name?.trim());
  const name = personLabel({ ...person, noAccount: false }, fallback ?? '');
  if (name === '') return null;
  return { name, noAccount: named && person.noAccount };
}

/** A player row as the payments list and the CSVs carry it (`username`, `no_account`, `email`), said by `personLabel`. */
export function playerLabel(player: { username: string | null; no_account: boolean | number; email?: string | null }): string {
  return personLabel({ name: player.username, noAccount: Boolean(player.no_account), email: player.email ?? null });
}

/**
 * D44: what a board square shows of its owner on a phone. A 10x10 board at 375 px has squares
 * about 30 px wide, room for three letters at a legible 12 px; a username rarely fits. So each
 * owner on a board gets a short label (initials, or the start of the name) chosen so that no two
 * owners of the same board look alike, and a colour of their own. Tapping a square shows the full name.
 */

/** The longest label a square shows. */
export const LABEL_LENGTH = 3;

/** How many owner colours the board has (styles.css `--owner-*` hues); owners past it share colours, never labels. */
export const OWNER_COLOURS = 10;

/** A username's words: "CoachDana" -> Coach, Dana; "dana_smith" -> dana, smith; "bob42" -> bob, 42; "2u" -> 2, u. */
export function nameParts(name: string): string[] {
  return name
    .normalize('NFC')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length > 0);
}

const chars = (text: string) => Array.from(text);
const capitalize = (text: string) => {
  const [first = '', ...rest] = chars(text);
  return first.toUpperCase() + rest.join('');
};

/**
 * A name's labels from most to least natural: initials ("CD"), initials with the last word's
 * next letter ("CDa"), the name's first letters ("Coa"), then other letters of the name.
 */
function* candidates(name: string): Generator<string> {
  const parts = nameParts(name);
  if (parts.length === 0) return;
  const initials = parts.map((part) => chars(part)[0]!.toUpperCase());
  if (parts.length > 1) {
    yield initials.slice(0, LABEL_LENGTH).join('');
    if (initials.length < LABEL_LENGTH) {
      const last = chars(parts.at(-1)!);
      for (const letter of last.slice(1)) yield initials.join('') + letter.toLowerCase();
    }
  }
  const letters = chars(capitalize(parts.join('')));
  yield letters.slice(0, LABEL_LENGTH).join('');
  // The first letter with any two later ones, in order: "Dna" for "Dana" when "Dan" is taken.
  for (let i = 1; i < letters.length; i += 1) {
    for (let j = i + 1; j < letters.length; j += 1) yield letters[0]! + letters[i]! + letters[j]!;
  }
}

/**
 * A short label for each owner, unique on the board ignoring case (so "Bob" and "BOB" never
 * meet). Owners are served in the order given (the board's reading order): the first "Dana"
 * gets "Dan", a later "Danny" "Day". The labels depend only on the names and their order.
 */
export function ownerLabels(names: readonly string[]): Map<string, string> {
  const labels = new Map<string, string>();
  const used = new Set<string>();
  const take = (name: string, label: string) => {
    labels.set(name, label);
    used.add(label.toLowerCase());
  };
  for (const name of names) {
    if (labels.has(name)) continue;
    let chosen: string | undefined;
    for (const candidate of candidates(name)) {
      if (!used.has(candidate.toLowerCase())) {
        chosen = candidate;
        break;
      }
    }
    if (chosen === undefined) {
      // Every natural label is taken: the first letter and a number ("B2", "B3", ...).
      const first = chars(capitalize(nameParts(name).join('')))[0] ?? '#';
      for (let n = 2; chosen === undefined; n += 1) {
        const label = `${first}${n}`;
        if (!used.has(label.toLowerCase())) chosen = label;
      }
    }
    take(name, chosen);
  }
  return labels;
}

/** A colour index (0 to OWNER_COLOURS - 1) per owner, handed out in the order owners appear. */
export function ownerColours(names: readonly string[]): Map<string, number> {
  const colours = new Map<string, number>();
  for (const name of names) if (!colours.has(name)) colours.set(name, colours.size % OWNER_COLOURS);
  return colours;
}

/** One line of a board's key to its short labels: the label, the owner's colour and full name. */
export interface OwnerKeyEntry {
  readonly label: string;
  readonly colour: number;
  /** The owner's name as the board knows them (username, or a named person's name). */
  readonly name: string;
  /** A named person without an account (D48): the key says so in words. */
  readonly noAccount: boolean;
}

/**
 * D44's key to the short labels (a phone shows "CD", not "coach_dana"): each owner once, in the
 * order they first appear, with the same label and colour their squares get.
 */
export function ownerKey(owners: readonly { readonly name: string; readonly noAccount: boolean }[]): OwnerKeyEntry[] {
  const names = owners.map((owner) => owner.name);
  const labels = ownerLabels(names);
  const colours = ownerColours(names);
  const seen = new Set<string>();
  const entries: OwnerKeyEntry[] = [];
  for (const owner of owners) {
    if (seen.has(owner.name)) continue;
    seen.add(owner.name);
    entries.push({ label: labels.get(owner.name)!, colour: colours.get(owner.name)!, name: owner.name, noAccount: owner.noAccount });
  }
  return entries;
}

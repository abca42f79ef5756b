/**
 * D38/D49: what a game's draw proves, in one plain sentence for the verify page, in the words of
 * the game's own draw method (a commit-reveal game says its weakness) and its time zone.
 */
import { formatGameTime } from './game-time';

/** What the sentence needs of a digit set (the draw record's set). */
interface ProvenSet {
  readonly set: number;
  readonly periods_label: string;
  readonly method: 'beacon' | 'commit-reveal' | 'legacy';
  readonly round: number | null;
  readonly drawn_at: string | null;
}

function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The sentence that opens the verify page; `zone` is the game's (null: the reader's clock). */
export function drawProofSentence(sets: readonly ProvenSet[], zone: string | null, now: Date = new Date()): string {
  const drawn = sets.filter((set) => set.drawn_at !== null);
  if (drawn.length === 0) {
    const waiting = sets.find((set) => set.method === 'beacon' && set.round !== null);
    return waiting
      ? `These numbers will be fixed by drand round ${waiting.round}, after the board is final; nobody can know or choose them before.`
      : 'No numbers drawn yet.';
  }
  if (drawn.every((set) => set.method === 'legacy')) return 'These numbers were drawn before draws had tickets: there is nothing to check.';
  const at = (set: ProvenSet) => formatGameTime(set.drawn_at!, zone, { near: now });
  const one = drawn.length === 1;
  const which = (set: ProvenSet) => (one ? '' : ` (set ${set.set}, ${set.periods_label})`);
  if (drawn.every((set) => set.method === 'beacon')) {
    const rounds = drawn.map((set) => `drand round ${set.round} at ${at(set)}${which(set)}`);
    return `These numbers were fixed by ${listed(rounds)}, after the board was final; nobody could know or choose them before.`;
  }
  const times = drawn.map((set) => `${at(set)}${which(set)}`);
  return (
    `These numbers were drawn at ${listed(times)} from the final board and a secret seed whose fingerprint was published before the draw; ` +
    'anyone can check them once the seed is out, but whoever runs the server could read the seed early and know the numbers.'
  );
}

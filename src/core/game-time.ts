/**
 * D39: a game's dates and times, shown in the game's time zone (the organizer's, chosen on the
 * form) with the zone said: "Sun, Feb 8, 6:30 PM EST". Every page that shows a time of a game
 * (kickoff, pay-by time, draws) formats it here. Intl is the only source of zone rules (DST
 * included); its formatters are made once per zone and kept.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string | null): Intl.DateTimeFormat {
  const key = zone ?? '';
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', {
      ...(zone ? { timeZone: zone } : {}),
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    formatters.set(key, made);
  }
  return made;
}

/** True when `zone` is an IANA time zone this runtime knows ("America/New_York"). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** How far ahead a time reads by its weekday alone ("Sun 6:30 PM EST"). */
const NEAR_MS = 6 * 24 * 3600_000;

export interface GameTimeOptions {
  /** Given: a time within the coming six days reads "Sun 6:30 PM EST" (a board's kickoff line). */
  readonly near?: Date;
}

/**
 * An instant in the game's zone (null: the reader's own), with the zone: "Sun, Feb 8, 6:30 PM EST",
 * the year added when it is not the current one in that zone; "Sun 6:30 PM EST" when `near` says it
 * is within the coming week. Text that is not an instant is returned as it is.
 */
export function formatGameTime(iso: string, zone: string | null, options: GameTimeOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = partsOf(date, zone);
  const time = `${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`;
  const ahead = options.near ? date.getTime() - options.near.getTime() : -1;
  if (ahead >= 0 && ahead < NEAR_MS) return `${parts.weekday} ${time}`;
  const thisYear = partsOf(options.near ?? new Date(), zone).year;
  return `${parts.weekday}, ${parts.month} ${parts.day}${parts.year === thisYear ? '' : `, ${parts.year}`}, ${time}`;
}

function partsOf(date: Date, zone: string | null): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in `zone`, as UTC milliseconds of those parts (seconds dropped). */
function wallClockMs(ms: number, zone: string): number {
  let made = wallFormatters.get(zone);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallFormatters.set(zone, made);
  }
  const parts: Record<string, number> = {};
  for (const part of made.formatToParts(new Date(ms))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A date-time as typed on the form ("2026-02-08T18:30", a datetime-local value) read in `zone`,
 * as the instant in ISO form; null when the text is no such date-time. A time that does not exist
 * on that day (skipped by a DST change) moves forward by the change; one that happens twice is the
 * first.
 */
export function wallTimeToInstant(wall: string, zone: string): string | null {
  const match = WALL_TIME.exec(wall.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset near that time, then checked at the instant it gives (DST changes in between).
  const first = asUtc - (wallClockMs(asUtc, zone) - asUtc);
  const offsetAtFirst = wallClockMs(first, zone) - first;
  const earlier = asUtc - offsetAtFirst;
  const candidates = [earlier, first].filter((ms) => wallClockMs(ms, zone) === asUtc).sort((a, b) => a - b);
  return new Date(candidates[0] ?? first).toISOString();
}

/** An instant as the form's datetime-local input shows it in `zone`: "2026-02-08T18:30". */
export function instantToWallTime(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(wallClockMs(ms, zone)).toISOString().slice(0, 16);
}

/** The calendar date ("2026-02-08") an instant falls on in `zone`. */
export function dateInZone(iso: string, zone: string): string {
  return instantToWallTime(iso, zone).slice(0, 10);
}

/** The instants a calendar date ("2026-02-08") spans in `zone`: from its midnight to the next one. */
export function dayInZone(date: string, zone: string): { start: number; end: number } | null {
  const start = wallTimeToInstant(`${date}T00:00`, zone);
  if (start === null) return null;
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const end = wallTimeToInstant(`${next}T00:00`, zone);
  return end === null ? null : { start: Date.parse(start), end: Date.parse(end) };
}

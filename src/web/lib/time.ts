/**
 * Times and dates as the pages show them, in the reader's own clock, in English like every other
 * text of the product: "7:32 PM", "Jan 5, 2026".
 *
 * Written from the Date's local parts rather than Intl or toLocale*String: a browser's first
 * Intl.DateTimeFormat loads its date patterns, 35-130 ms on this project's machines and longer on
 * a phone, and the board's page would pay it in the middle of its first render just to print
 * "drawn 7:32 PM" (design note 014, "Dates without Intl").
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The instant as a Date, or null when the text is not one (the caller then shows the text itself). */
function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function clock(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

function monthDay(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/** "7:32 PM": when a checkout's squares stop being held, when a payment page stops taking payment. */
export function clockTime(iso: string): string {
  const date = parse(iso);
  return date ? clock(date) : iso;
}

/** "Jan 5, 2026". */
export function shortDate(iso: string): string {
  const date = parse(iso);
  return date ? `${monthDay(date)}, ${date.getFullYear()}` : iso;
}

/** "Jan 5, 2026, 7:32 PM": a deadline such as a game's pay-by time (D28). */
export function dateAndTime(iso: string): string {
  const date = parse(iso);
  return date ? `${monthDay(date)}, ${date.getFullYear()}, ${clock(date)}` : iso;
}

/** "7:32 PM" today, else "Jan 5, 7:32 PM": when something happened (the board's draw log, D17). */
export function recentTime(iso: string, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return iso;
  return date.toDateString() === now.toDateString() ? clock(date) : `${monthDay(date)}, ${clock(date)}`;
}

/** D39: the reader's own IANA time zone, the form's default for a game's zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** D39: the zones the form offers (the runtime's list), with `current` in it whatever the list says. */
export function timeZoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

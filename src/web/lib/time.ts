/** Times and dates as the pages show them, in the reader's own clock and locale. */

/** "7:32 PM": when a checkout's squares stop being held, when a payment page stops taking payment. */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
}

/** "Jan 5, 2026". */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString([], { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "Jan 5, 2026, 7:32 PM": a deadline such as a game's pay-by time (D28). */
export function dateAndTime(iso: string): string {
  return new Date(iso).toLocaleString([], { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** An instant as a datetime-local input shows it in the reader's zone: "2026-01-05T19:32". */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

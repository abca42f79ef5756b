/** Times and dates as the pages show them, in the reader's own clock and locale. */

/** "7:32 PM": when a checkout's squares stop being held, when a payment page stops taking payment. */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
}

/** "Jan 5, 2026". */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString([], { month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * Money is integer cents everywhere (D4); prices are entered in whole dollars and shown in USD
 * to 2 decimals.
 */

/** True for an integer number of cents (negative allowed, e.g. refunds), within exact range. */
export function isCents(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

/** Cents for a dollar amount, rounded to the nearest cent (absorbs float noise like 0.1 + 0.2). */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a dollar amount: ${dollars}`);
  const cents = Math.round(dollars * 100);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Dollar amount too large: ${dollars}`);
  return cents;
}

/** The dollar amount of integer cents (for display and the cart's whole-dollar price only). */
export function centsToDollars(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** True for a whole number of dollars, e.g. a price per square as entered (spec: step 1). */
export function isWholeDollars(dollars: unknown): dollars is number {
  return Number.isSafeInteger(dollars);
}

/** True when integer cents make a whole number of dollars. */
export function isWholeDollarCents(cents: number): boolean {
  assertCents(cents);
  return cents % 100 === 0;
}

/**
 * USD to 2 decimals with thousands separators: 123450 -> "$1,234.50", -500 -> "-$5.00".
 * Built from integers rather than Intl so the server and every browser print the same text.
 */
export function formatUsd(cents: number): string {
  const { sign, dollars, rest } = amountParts(cents);
  return `${sign}$${dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${rest}`;
}

/**
 * A CSV cell's amount (D33): dollars to 2 decimals with no $ and no thousands separator, so a
 * spreadsheet reads a number: 123450 -> "1234.50", -500 -> "-5.00".
 */
export function formatCsvAmount(cents: number): string {
  const { sign, dollars, rest } = amountParts(cents);
  return `${sign}${dollars}.${rest}`;
}

/** Sign, whole dollars and the 2 cent digits of integer cents, by integer arithmetic (no float rounding). */
function amountParts(cents: number): { sign: string; dollars: string; rest: string } {
  assertCents(cents);
  const abs = Math.abs(cents);
  return { sign: cents < 0 ? '-' : '', dollars: Math.floor(abs / 100).toString(), rest: (abs % 100).toString().padStart(2, '0') };
}

function assertCents(cents: number): void {
  if (!isCents(cents)) throw new RangeError(`Not an integer number of cents: ${cents}`);
}

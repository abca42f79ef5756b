/**
 * The test checkout's card form (D22): formatting as the buyer types and the checks before the
 * card goes to the server, in the words card pages usually use. The server decides whether the
 * card pays (4242 4242 4242 4242) or is declined (4000 0000 0000 0002).
 */

export const TEST_CARDS = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

export const CARD_MESSAGES = {
  nameRequired: 'Enter the name on the card.',
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" -> "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Digits become MM/YY as typed: "1228" -> "12/28". The slash comes with the third digit, so
 * backspace never gets stuck on it; a first digit 2-9 can only be a month, so "4" -> "04".
 */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardNumberError(value: string): string | null {
  const digits = digitsOf(value);
  if (digits.length < 13) return CARD_MESSAGES.numberIncomplete;
  return passesLuhn(digits) ? null : CARD_MESSAGES.numberInvalid;
}

/** MM/YY, a real month, not before this month (`now` for tests). */
export function expiryError(value: string, now = new Date()): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.replace(/\s/g, ''));
  if (!match) return CARD_MESSAGES.expiryIncomplete;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryMonthInvalid;
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) < thisMonth ? CARD_MESSAGES.expiryPast : null;
}

export function cvcError(value: string): string | null {
  return /^\d{3,4}$/.test(value) ? null : CARD_MESSAGES.cvcIncomplete;
}

function nameError(value: string): string | null {
  return value.trim() === '' ? CARD_MESSAGES.nameRequired : null;
}

export interface CardFields {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export function cardErrors(fields: CardFields, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const name = nameError(fields.name);
  const number = cardNumberError(fields.number);
  const expiry = expiryError(fields.expiry, now);
  const cvc = cvcError(fields.cvc);
  if (name) errors.name = name;
  if (number) errors.number = number;
  if (expiry) errors.expiry = expiry;
  if (cvc) errors.cvc = cvc;
  return errors;
}

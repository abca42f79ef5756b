/**
 * What every validation in the core answers: a validated, normalized value, or the one message
 * to show. A module of its own so that the rules built on it (text.ts, validation.ts, cart.ts...)
 * import it without importing one another.
 */
export type ValidationResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

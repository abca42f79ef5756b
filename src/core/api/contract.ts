/**
 * The building blocks of the API's contracts (src/core/api/*.ts). Each contract is written once,
 * as a zod schema: the server validates and serializes with it, and its TypeScript type is
 * inferred from it (`Contract<typeof schema>`), for the server's services and the web client
 * alike. The web imports the types only (`import type`), so zod stays out of its first page.
 */
import { z } from 'zod';
import { DIGITS } from '../grid';
import { PERIODS } from '../periods';

type DeepReadonly<T> = T extends readonly (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A contract's type: what its schema gives, read-only all the way down. */
export type Contract<S extends z.ZodType> = DeepReadonly<z.output<S>>;

/** What a request's schema accepts (before defaults and transforms), read-only all the way down. */
export type RequestOf<S extends z.ZodType> = DeepReadonly<z.input<S>>;

/** A list in an answer: read-only, so a service's read-only arrays fit the route's type as they are. */
export const list = <T extends z.ZodType>(item: T) => z.array(item).readonly();

/** A digit 0-9 on an axis (D14). */
export const digit = z.literal(DIGITS);

/** A period (named `period` as the spec's API does), 1-4; the game's model says which it has. */
export const period = z.literal(PERIODS);

/** Money: integer cents. */
export const cents = z.number().int();

/** A row or column on the board, or a count. */
export const int = z.number().int();

/** An ISO 8601 time as the database gave it. */
export const timestamp = z.string();

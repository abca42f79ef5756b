import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Game } from '@core/api/games';
import { SAME_ORIGIN } from './accounts';

/** The one request helper of the server tests: a request through inject, the way the web app sends it. */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  /** The session cookie (none: a visitor). */
  cookie?: string | undefined;
  payload?: unknown;
  /** The page's Origin; the app's own by default. */
  origin?: string;
  headers?: Record<string, string>;
  /** The client's address (inject's default: 127.0.0.1). */
  ip?: string;
}

/** A request from the app's own page, signed in with `cookie` (or as a visitor). */
export function send(app: FastifyInstance, method: Method, url: string, options: SendOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { origin: options.origin ?? SAME_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

/** Sends and expects 200; returns the JSON body. */
export async function ok<T = unknown>(app: FastifyInstance, method: Method, url: string, cookie: string | undefined, payload?: unknown): Promise<T> {
  const res = await send(app, method, url, { cookie, payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/** A game made by an admin through the API (201 expected): Lions v Bears at $10 unless `values` say otherwise; its title starts with `titlePrefix`. */
export async function createGameAs(app: FastifyInstance, cookie: string, titlePrefix: string, values: Record<string, unknown> = {}): Promise<Game> {
  const res = await send(app, 'POST', '/api/admin/games', {
    cookie,
    payload: { title: `${titlePrefix} ${Math.random().toString(36).slice(2, 7)}`, team_a: 'Lions', team_b: 'Bears', price_per_square: 10, ...values },
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/admin/games answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { game: Game }).game;
}

/**
 * A mail provider's RFC 8058 one-click POST of a mail's List-Unsubscribe URL (D40): the form body,
 * no cookie, from another origin.
 */
export function postOneClick(app: FastifyInstance, listUnsubscribeUrl: string): Promise<LightMyRequestResponse> {
  const url = new URL(listUnsubscribeUrl);
  return app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

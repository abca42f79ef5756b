import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Settings } from '../config';
import { errorBody } from '../http/errors';

/** How a checkout went (the checkouts counter's `outcome`): opened at the provider, reserved for the organizer, and how it ended. */
type CheckoutOutcome = 'created' | 'reserved' | 'fulfilled' | 'refunded' | 'expired' | 'cancelled' | 'declined';

/**
 * What the app reports to Prometheus (design note 025). With METRICS off every method does
 * nothing, so the services call them without asking.
 */
export interface Metrics {
  checkout(outcome: CheckoutOutcome): void;
  /** Live-update streams open on this instance now. */
  liveViewers(open: number): void;
  /** The mail queue's rows by status, read at each scrape (the queue's feature gives the reader). */
  mailQueue(read: () => Promise<Readonly<Record<string, number>>>): void;
}

const noMetrics: Metrics = {
  checkout: () => {},
  liveViewers: () => {},
  mailQueue: () => {},
};

export const METRICS_PATH = '/metrics';

/**
 * With METRICS=true: a registry of this app's own (tests build many apps in one process), Node's
 * default process metrics, the request counter and latency histogram by the matched route's
 * pattern (never the raw URL, whose ids would make a series per game), and GET /metrics, behind
 * METRICS_TOKEN when set. Without it: no route (a 404) and no hook.
 */
export function registerMetrics(app: FastifyInstance, settings: Pick<Settings, 'METRICS' | 'METRICS_TOKEN'>): Metrics {
  if (!settings.METRICS) return noMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'squares_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'squares_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const viewers = new Gauge({ name: 'squares_live_viewers', help: 'Live-update streams open on this instance', registers: [registry] });
  const checkouts = new Counter({
    name: 'squares_checkouts_total',
    help: 'Checkouts by outcome: created (card page opened), reserved (organizer collects), fulfilled, refunded, expired, cancelled, declined',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  let readMailQueue: (() => Promise<Readonly<Record<string, number>>>) | null = null;
  new Gauge({
    name: 'squares_mail_queue',
    help: 'Mails in the queue, by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      if (!readMailQueue) return;
      this.reset();
      for (const [status, count] of Object.entries(await readMailQueue())) this.set({ status }, count);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // No route matched: the web app's pages (history fallback) are one series, and every other
    // address (a 404, a scanner's guess) another, whatever the URL.
    const route = request.routeOptions.url ?? (reply.statusCode < 400 ? 'web app page' : 'unmatched');
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const token = settings.METRICS_TOKEN ? digest(`Bearer ${settings.METRICS_TOKEN}`) : null;
  app.get(METRICS_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    if (token && !timingSafeEqual(digest(request.headers.authorization ?? ''), token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(errorBody('UNAUTHORIZED', 'GET /metrics needs the METRICS_TOKEN bearer token.'));
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  return {
    checkout: (outcome) => checkouts.inc({ outcome }),
    liveViewers: (open) => viewers.set(open),
    mailQueue: (read) => {
      readMailQueue = read;
    },
  };
}

/** Equal-length values for timingSafeEqual, whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

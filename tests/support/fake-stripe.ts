import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A fake Stripe on 127.0.0.1 for the server tests: a real HTTP server speaking enough of
 * Stripe's REST API (form-encoded bodies with nested keys, Bearer auth, Stripe's error shape,
 * idempotency keys) for Checkout Sessions and refunds. Point the app at it with
 * STRIPE_API_BASE=fake.url. Tests drive the "buyer" side with pay / payAsync / failAsync /
 * expireNow, and build signed webhook deliveries with `event`.
 */

const FAKE_STRIPE_SECRET_KEY = 'sk_test_x';
const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_x';

/** Stripe refuses an expires_at less than 30 minutes ahead; the fake allows a few seconds of clock and transit. */
const MIN_EXPIRY_S = 30 * 60 - 10;
const MAX_EXPIRY_S = 24 * 60 * 60;

type Params = { [key: string]: string | Params | Params[] | string[] };

interface FakeRequest {
  method: string;
  path: string;
  query: Params;
  body: Params;
  idempotencyKey: string | null;
  status: number;
  /** The response was replayed from an earlier request with the same idempotency key. */
  replayed: boolean;
}

interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  metadata: Record<string, string>;
  created: number;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  payment_intent: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  created: number;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  livemode: false;
  allowed_payment_method_types: string[] | null;
  /** What the fake keeps beside Stripe's fields: the create request's line items. */
  line_items_input: Array<{ name: string; unit_amount: number; quantity: number; currency: string }>;
  payment_intent_data: Params | null;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
  idempotencyKey: string | null;
}

export interface SignedEvent {
  id: string;
  /** The exact bytes Stripe would send. */
  payload: string;
  signature: string;
  headers: { 'content-type': string; 'stripe-signature': string };
}

interface EventOptions {
  /** Unix seconds the signature claims (default now): older than 5 minutes is stale. */
  timestamp?: number;
  /** Sign with another secret (a forged delivery). */
  secret?: string;
  /** Reuse an event id (Stripe redelivers the same event). */
  id?: string;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request, in arrival order. */
  requests: FakeRequest[];
  sessions: Map<string, FakeSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  session(id: string): FakeSession;
  /** The buyer pays by card: complete, paid, a succeeded PaymentIntent. */
  pay(sessionId: string): FakeSession;
  /** The buyer finishes with a delayed method: complete but unpaid, PaymentIntent processing. */
  payAsync(sessionId: string): FakeSession;
  /** The delayed payment succeeds. */
  succeedAsync(sessionId: string): FakeSession;
  /** The delayed payment fails. */
  failAsync(sessionId: string): FakeSession;
  /** Stripe's own timer expires an open session. */
  expireNow(sessionId: string): FakeSession;
  /** A signed webhook delivery of `type` carrying the session as it is now. */
  event(type: string, session: string | FakeSession, options?: EventOptions): SignedEvent;
  /** POSTs a signed event to a listening app (e.g. http://127.0.0.1:port/api/stripe/webhook). */
  deliver(webhookUrl: string, type: string, session: string | FakeSession, options?: EventOptions): Promise<{ status: number; body: string }>;
  /** The next `count` API requests are answered 500 without being processed. */
  failNext(count?: number): void;
  /** The next `count` API requests are processed, then the connection is dropped before the answer. */
  dropNextResponse(count?: number): void;
  /** Stripe keeps idempotency keys for 24 hours: this is the day after. */
  forgetIdempotencyKeys(): void;
  /** POST requests (the ones that need an idempotency key). */
  posts(): FakeRequest[];
  close(): Promise<void>;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; param?: string; code?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
const missing = (kind: string, id: string, param: string) =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

const nowS = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Decodes Stripe's form encoding: a[b][0][c]=v into { a: { b: [ { c: 'v' } ] } }. */
function parseStripeForm(text: string): Params {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [rawKey];
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = value;
  }
  return toArrays(root) as Params;
}

/** Objects whose keys are 0..n-1 become arrays. */
function toArrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toArrays(v)] as const);
  const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

function str(params: Params, key: string): string | undefined {
  const v = params[key];
  return typeof v === 'string' ? v : undefined;
}

function obj(v: unknown): Params | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Params) : undefined;
}

function stringRecord(v: unknown): Record<string, string> {
  const o = obj(v) ?? {};
  return Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function integer(v: unknown, param: string): number {
  if (typeof v !== 'string' || !/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${String(v)}`, param);
  return Number(v);
}

export async function startFakeStripe(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  const requests: FakeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  /** Idempotency key -> the first request's fingerprint and its (successful) answer. */
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let failing = 0;
  let dropping = 0;
  let baseUrl = '';

  function session(id: string): FakeSession {
    const s = sessions.get(id);
    if (!s) throw missing('checkout.session', id, 'session');
    return s;
  }

  function createSession(body: Params): FakeSession {
    if (str(body, 'mode') !== 'payment') throw invalid('The fake supports mode=payment only.', 'mode');
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0) throw invalid('line_items is required in payment mode.', 'line_items');
    const lines = items.map((raw, i) => {
      const item = obj(raw) ?? {};
      const price = obj(item.price_data);
      if (!price) throw invalid('You must specify either `price` or `price_data`.', `line_items[${i}][price_data]`);
      const currency = str(price, 'currency');
      if (!currency) throw invalid('Missing required param: currency.', `line_items[${i}][price_data][currency]`);
      const unit = integer(price.unit_amount, `line_items[${i}][price_data][unit_amount]`);
      if (unit < 50) throw invalid('The Checkout Session total amount due must add up to at least $0.50 usd', `line_items[${i}][price_data][unit_amount]`);
      const name = str(obj(price.product_data) ?? {}, 'name');
      if (!name) throw invalid('Missing required param: product_data[name].', `line_items[${i}][price_data][product_data][name]`);
      const quantity = integer(item.quantity, `line_items[${i}][quantity]`);
      if (quantity < 1) throw invalid('quantity must be at least 1', `line_items[${i}][quantity]`);
      return { name, unit_amount: unit, quantity, currency };
    });
    const successUrl = str(body, 'success_url');
    if (!successUrl) throw invalid('You must provide a success_url.', 'success_url');
    const created = nowS();
    let expiresAt = created + MAX_EXPIRY_S;
    if (body.expires_at !== undefined) {
      expiresAt = integer(body.expires_at, 'expires_at');
      if (expiresAt - created < MIN_EXPIRY_S) {
        throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
      }
      if (expiresAt - created > MAX_EXPIRY_S) {
        throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
      }
    }
    const total = lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
    const id = newId('cs_test');
    const allowed = body.allowed_payment_method_types ?? body.payment_method_types;
    const s: FakeSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_subtotal: total,
      amount_total: total,
      currency: lines[0]!.currency,
      client_reference_id: str(body, 'client_reference_id') ?? null,
      customer_email: str(body, 'customer_email') ?? null,
      metadata: stringRecord(body.metadata),
      expires_at: expiresAt,
      created,
      success_url: successUrl,
      cancel_url: str(body, 'cancel_url') ?? null,
      url: `${baseUrl}/c/pay/${id}`,
      livemode: false,
      allowed_payment_method_types: Array.isArray(allowed) ? (allowed as string[]) : null,
      line_items_input: lines,
      payment_intent_data: obj(body.payment_intent_data) ?? null,
    };
    sessions.set(id, s);
    return s;
  }

  /** The session as the API shows it (payment_intent expanded on request). */
  function view(s: FakeSession, expand: string[] = []): unknown {
    const { line_items_input: _lines, payment_intent_data: _pid, ...shown } = s;
    if (expand.includes('payment_intent') && s.payment_intent) {
      return { ...shown, payment_intent: { ...paymentIntents.get(s.payment_intent) } };
    }
    return { ...shown };
  }

  function expireSession(id: string): FakeSession {
    const s = session(id);
    if (s.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${s.status}\`.`);
    }
    s.status = 'expired';
    s.url = null;
    return s;
  }

  function createRefund(body: Params, idempotencyKey: string | null): FakeRefund {
    const piId = str(body, 'payment_intent') ?? str(body, 'charge');
    if (!piId) throw invalid('One of `charge` or `payment_intent` is required.');
    const pi = paymentIntents.get(piId);
    if (!pi) throw missing('payment_intent', piId, 'payment_intent');
    if (pi.status !== 'succeeded') throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'payment_intent');
    const refunded = refunds.filter((r) => r.payment_intent === piId).reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount !== undefined ? integer(body.amount, 'amount') : pi.amount - refunded;
    if (refunded >= pi.amount) throw invalid(`Charge for PaymentIntent ${piId} has already been refunded.`, undefined, 'charge_already_refunded');
    if (amount <= 0 || amount > pi.amount - refunded) {
      throw invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`, 'amount');
    }
    const reason = str(body, 'reason') ?? null;
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) throw invalid(`Invalid reason: ${reason}`, 'reason');
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: piId,
      reason,
      status: 'succeeded',
      metadata: stringRecord(body.metadata),
      created: nowS(),
      idempotencyKey,
    };
    refunds.push(refund);
    return refund;
  }

  function refundView(r: FakeRefund): unknown {
    const { idempotencyKey: _key, ...shown } = r;
    return shown;
  }

  function expandOf(query: Params): string[] {
    const e = query.expand;
    return Array.isArray(e) ? e.filter((x): x is string => typeof x === 'string') : typeof e === 'string' ? [e] : [];
  }

  /** The API: returns [status, body]. */
  function route(method: string, path: string, query: Params, body: Params, idempotencyKey: string | null): [number, unknown] {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return [200, view(createSession(body))];
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      return [200, view(session(decodeURIComponent(m[1]!)), expandOf(query))];
    }
    if (method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      return [200, view(expireSession(decodeURIComponent(m[1]!)))];
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const pi = paymentIntents.get(decodeURIComponent(m[1]!));
      if (!pi) throw missing('payment_intent', decodeURIComponent(m[1]!), 'intent');
      return [200, { ...pi }];
    }
    if (method === 'POST' && path === '/v1/refunds') return [200, refundView(createRefund(body, idempotencyKey))];
    if (method === 'GET' && path === '/v1/refunds') {
      const pi = str(query, 'payment_intent');
      const data = refunds
        .filter((r) => !pi || r.payment_intent === pi)
        .reverse()
        .map(refundView);
      return [200, { object: 'list', data, has_more: false, url: '/v1/refunds' }];
    }
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const path = url.pathname;

    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
      res.end(JSON.stringify(body));
    };

    // A test page standing in for Stripe's hosted checkout (the buyer clicks Pay).
    if (path.startsWith('/c/pay/')) {
      const s = sessions.get(decodeURIComponent(path.slice('/c/pay/'.length)));
      if (!s) return void send(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
      if (method === 'POST' && s.status === 'open') {
        pay(s.id);
        res.writeHead(303, { location: (s.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', s.id) });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html><title>Fake Stripe Checkout</title><p>Pay $${(s.amount_total / 100).toFixed(2)} (${s.status})</p>` +
          `<form method="post"><button type="submit">Pay</button></form>`,
      );
    }

    const query = parseStripeForm(url.search.slice(1));
    const body = method === 'POST' ? parseStripeForm(raw) : {};
    const keyHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' ? keyHeader : null;
    const record: FakeRequest = { method, path, query, body, idempotencyKey, status: 0, replayed: false };
    requests.push(record);

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      record.status = 401;
      return void send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    if (failing > 0) {
      failing -= 1;
      record.status = 500;
      return void send(500, { error: { type: 'api_error', message: 'The fake Stripe failed this request on purpose.' } });
    }

    let status: number;
    let answer: unknown;
    const fingerprint = `${method} ${path} ${raw}`;
    const earlier = method === 'POST' && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (earlier && earlier.fingerprint !== fingerprint) {
      status = 400;
      answer = {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      };
    } else if (earlier) {
      status = earlier.status;
      answer = earlier.body;
      record.replayed = true;
    } else {
      try {
        [status, answer] = route(method, path, query, body, idempotencyKey);
        // Stripe saves the result of a request that ran; the fake saves successes only.
        if (method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status, body: answer });
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        status = err.status;
        answer = { error: err.body };
      }
    }
    record.status = status;
    if (dropping > 0) {
      dropping -= 1;
      res.socket?.destroy();
      return;
    }
    send(status, answer, record.replayed ? { 'idempotent-replayed': 'true' } : {});
  }

  function paymentIntentFor(s: FakeSession, status: FakePaymentIntent['status']): FakePaymentIntent {
    if (s.payment_intent) {
      const pi = paymentIntents.get(s.payment_intent)!;
      pi.status = status;
      return pi;
    }
    const pi: FakePaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: s.amount_total,
      currency: s.currency,
      status,
      metadata: stringRecord(s.payment_intent_data?.metadata),
      created: nowS(),
    };
    paymentIntents.set(pi.id, pi);
    s.payment_intent = pi.id;
    return pi;
  }

  function openSession(id: string): FakeSession {
    const s = session(id);
    if (s.status !== 'open') throw new Error(`fake Stripe: session ${id} is ${s.status}, it cannot be paid`);
    return s;
  }

  function pay(id: string): FakeSession {
    const s = openSession(id);
    paymentIntentFor(s, 'succeeded');
    s.status = 'complete';
    s.payment_status = 'paid';
    s.url = null;
    return s;
  }

  function signedEvent(type: string, ref: string | FakeSession, opts: EventOptions = {}): SignedEvent {
    const s = typeof ref === 'string' ? session(ref) : ref;
    const id = opts.id ?? newId('evt');
    const payload = JSON.stringify(
      {
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: nowS(),
        data: { object: view(s) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
    });
    return { id, payload, signature, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } };
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    paymentIntents,
    refunds,
    session,
    pay,
    payAsync(id) {
      const s = openSession(id);
      paymentIntentFor(s, 'processing');
      s.status = 'complete';
      s.payment_status = 'unpaid';
      s.url = null;
      return s;
    },
    succeedAsync(id) {
      const s = session(id);
      if (s.status !== 'complete' || s.payment_status !== 'unpaid') throw new Error(`fake Stripe: session ${id} has no async payment under way`);
      paymentIntentFor(s, 'succeeded');
      s.payment_status = 'paid';
      return s;
    },
    failAsync(id) {
      const s = session(id);
      if (s.status !== 'complete' || s.payment_status !== 'unpaid') throw new Error(`fake Stripe: session ${id} has no async payment under way`);
      paymentIntentFor(s, 'requires_payment_method');
      return s;
    },
    expireNow(id) {
      return expireSession(id);
    },
    event: signedEvent,
    async deliver(webhookUrl, type, ref, opts) {
      const e = signedEvent(type, ref, opts);
      const res = await fetch(webhookUrl, { method: 'POST', headers: e.headers, body: e.payload });
      return { status: res.status, body: await res.text() };
    },
    failNext(count = 1) {
      failing += count;
    },
    dropNextResponse(count = 1) {
      dropping += count;
    },
    forgetIdempotencyKeys() {
      idempotent.clear();
    },
    posts() {
      return requests.filter((r) => r.method === 'POST');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One leaf part of a MIME message, its body decoded. */
interface MimePart {
  contentType: string;
  charset: string | undefined;
  body: string;
}

/** A message the fake SMTP server accepted. */
export interface CapturedMail {
  /** Envelope sender and recipients (MAIL FROM / RCPT TO). */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Top-level headers, names lower-cased. */
  headers: Record<string, string>;
  subject: string;
  /** The top-level content type, e.g. multipart/alternative. */
  contentType: string;
  parts: MimePart[];
  text: string | undefined;
  html: string | undefined;
  raw: string;
}

/**
 * How the server treats a message: keep it; refuse it (450 at RCPT TO, a mail server that is
 * down for mail); or hold it (read it, never answer: a sender that dies now has not been told).
 */
type SmtpMode = 'accept' | 'refuse' | 'hold';

export interface SmtpCatcher {
  port: number;
  /** 'accept' unless set. */
  mode: SmtpMode;
  /** Messages read in 'hold' mode and never answered. */
  held: number;
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** The first message to an address (and with a subject), already received or the next to arrive. */
  waitFor(to: string, subject?: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 on a free port that keeps every message it receives:
 * any user and password (or none), no STARTTLS, like a local mail catcher.
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<SmtpCatcher> {
  const messages: CapturedMail[] = [];
  const waiters: Array<{ matches: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }> = [];

  const server = new SMTPServer({
    authOptional: true,
    // A user and password in SMTP_URL are taken as they are, over the plain connection.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (catcher.mode === 'refuse') return callback(Object.assign(new Error('Mailbox unavailable, try again later'), { responseCode: 450 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (catcher.mode === 'hold') {
          catcher.held += 1;
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        const mail = toCapturedMail(raw, envelopeFrom, envelopeTo);
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.matches(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  const catcher: SmtpCatcher = {
    port,
    mode: 'accept',
    held: 0,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, subject, timeoutMs = 5_000) {
      const matches = (m: CapturedMail) => m.envelopeTo.includes(to) && (subject === undefined || m.subject === subject);
      const found = messages.find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          matches,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return catcher;
}

function toCapturedMail(raw: string, envelopeFrom: string, envelopeTo: string[]): CapturedMail {
  const { headers, body } = splitMessage(raw);
  const parts = leafParts(headers, body);
  return {
    envelopeFrom,
    envelopeTo,
    headers,
    subject: decodeEncodedWords(headers.subject ?? ''),
    contentType: mediaType(headers['content-type']),
    parts,
    text: parts.find((p) => p.contentType === 'text/plain')?.body,
    html: parts.find((p) => p.contentType === 'text/html')?.body,
    raw,
  };
}

/** Headers (unfolded, lower-cased names) and body of a message or a part. */
function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

const mediaType = (contentType: string | undefined) => (contentType ?? 'text/plain').split(';')[0]!.trim().toLowerCase();

function parameter(contentType: string | undefined, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(contentType ?? '');
  return match?.[1];
}

/** The decoded leaf parts of a (possibly nested) multipart message. */
function leafParts(headers: Record<string, string>, body: string): MimePart[] {
  const type = mediaType(headers['content-type']);
  if (type.startsWith('multipart/')) {
    const boundary = parameter(headers['content-type'], 'boundary');
    if (!boundary) return [];
    const sections = body.split(`--${boundary}`).slice(1);
    const parts: MimePart[] = [];
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const inner = splitMessage(section.replace(/^\n/, ''));
      parts.push(...leafParts(inner.headers, inner.body));
    }
    return parts;
  }
  return [{ contentType: type, charset: parameter(headers['content-type'], 'charset'), body: decodeBody(body, headers['content-transfer-encoding']) }];
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= words in a header. */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

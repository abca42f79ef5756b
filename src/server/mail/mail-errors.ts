/** The most a stored or logged mail error keeps. */
const MAX_ERROR_LENGTH = 300;

/**
 * Why sending failed, short enough to store in mail_queue.last_error and to log: the error's code
 * and message with any URL (an smtp:// URL carries its password; a mail's link is a credential)
 * and anything after `token=` replaced.
 */
export function describeMailError(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.responseCode === 'number' ? String(e.responseCode) : null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const cleaned = message
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>')
    .replace(/token=\S+/gi, 'token=<hidden>')
    .replace(/\s+/g, ' ')
    .trim();
  return (code && !cleaned.startsWith(code) ? `${code}: ${cleaned}` : cleaned).slice(0, MAX_ERROR_LENGTH);
}

/** Codes nodemailer and Node give for an SMTP server that cannot be used, and what fixes each. */
const FIXES: Record<string, string> = {
  ECONNREFUSED: 'nothing listens at the host and port of SMTP_URL: start the mail server or correct SMTP_URL',
  ENOTFOUND: 'the host name in SMTP_URL is not known: correct SMTP_URL',
  EDNS: 'the host name in SMTP_URL is not known: correct SMTP_URL',
  ETIMEDOUT: 'the mail server did not answer in time: check SMTP_URL and that a firewall lets this machine reach it',
  ECONNECTION: 'the connection to the mail server failed: check SMTP_URL (smtps:// for port 465, smtp:// for 587 or 25)',
  ESOCKET: 'the connection to the mail server failed: check SMTP_URL (smtps:// for port 465, smtp:// for 587 or 25)',
  ETLS: 'TLS with the mail server failed: check SMTP_URL (smtps:// for port 465, smtp:// for 587 or 25)',
  EAUTH: 'the mail server refused the user name or password in SMTP_URL: correct them',
  ENOAUTH: 'the mail server wants a user name and password: put them in SMTP_URL (smtp://user:password@host:587)',
};

/** What to do about an SMTP check that failed, for the start-up warning. */
export function smtpFix(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  return (typeof code === 'string' && FIXES[code]) || 'check SMTP_URL and that the mail server is running and reachable from this machine';
}

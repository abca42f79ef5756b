// The module object, not a named import: a test spies on its networkInterfaces (mail-links.test.ts).
import os from 'node:os';
import type { Settings } from '../config';

/**
 * The origin of the links we mail (issue 10 item 9). With PUBLIC_URL, always PUBLIC_URL's. In a
 * trial without it, links follow the host the app was opened as (D5), but only when that host
 * names this machine, since a request's Host is whatever its sender wrote: a loopback name or
 * address (localhost, 127.x.x.x, [::1]), the HOST setting, or, when HOST listens on every
 * interface (0.0.0.0 or ::), one of this machine's own addresses; any port. Anything else gets
 * http://localhost:PORT, so a forged Host never reaches a mail. For links that work from other
 * machines under a name, set PUBLIC_URL.
 */
export function mailLinkOrigin(requestOrigin: string, settings: Pick<Settings, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (settings.PUBLIC_URL) return new URL(settings.PUBLIC_URL).origin;
  const fallback = `http://localhost:${settings.PORT}`;
  let url: URL;
  try {
    url = new URL(requestOrigin);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  return namesThisMachine(url.hostname, settings.HOST) ? url.origin : fallback;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

function namesThisMachine(hostname: string, listenHost: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  const configured = listenHost.trim().toLowerCase();
  if (!WILDCARD_HOSTS.has(configured)) return host === configured || host === `[${configured}]`;
  return Object.values(os.networkInterfaces())
    .flat()
    .some((address) => address !== undefined && (address.family === 'IPv6' ? `[${address.address.toLowerCase()}]` : address.address) === host);
}

import { request as httpRequest } from 'node:http';

/**
 * Requests over real HTTP with the path sent byte for byte: inject (and fetch) would normalize
 * some spellings (dot segments, `%2e`) before the server saw them.
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function raw(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Spellings of `/api/auth/<a>/<b>...` that a URL parser, a router or Better Auth may take for
 * the same path: dot segments (plain and percent-encoded, any case), doubled and trailing
 * slashes, encoded letters and slashes, a backslash, a semicolon, other cases.
 */
export function authPathSpellings(path: string): string[] {
  const rest = path.slice('/api/auth/'.length);
  const [first, ...others] = rest.split('/');
  const tail = others.join('/');
  const last = others.length ? others[others.length - 1]! : first!;
  const withLast = (spelled: string) => `/api/auth/${others.length ? `${first}/${[...others.slice(0, -1), spelled].join('/')}` : spelled}`;
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
  const spellings = [
    `/api/auth/./${rest}`,
    `/api/auth/x/../${rest}`,
    `/api/auth/%2e/${rest}`,
    `/api/auth/%2E/${rest}`,
    `/api/auth/x/%2e%2e/${rest}`,
    `/api/auth/x/%2E%2E/${rest}`,
    `/api/auth/x/.%2E/${rest}`,
    `/api/auth/x/%2e./${rest}`,
    `/api/auth//${rest}`,
    `//api/auth/${rest}`,
    `/./api/auth/${rest}`,
    `/api/x/../auth/${rest}`,
    `/api/auth/${rest}/`,
    `/api/auth/${rest}/.`,
    `/api/auth/${rest}/x/..`,
    `/api/auth/${rest}/%2e`,
    `/%61pi/auth/${rest}`,
    `/api/%61uth/${rest}`,
    withLast(hex(last[0]!) + last.slice(1)),
    withLast(hex(last[0]!).toUpperCase() + last.slice(1)),
    `/api/auth/${rest};x=1`,
    `/api/auth%2F${rest}`,
    `/API/auth/${rest}`,
    `/api/auth/${rest.toUpperCase()}`,
    `/api/auth\\${rest}`,
  ];
  if (tail) {
    spellings.push(
      `/api/auth/${first}/./${tail}`,
      `/api/auth/${first}//${tail}`,
      `/api/auth/${first}/%2e/${tail}`,
      `/api/auth/${first}/%2E%2E/${first}/${tail}`,
      `/api/auth/${first}/../${first}/${tail}`,
      `/api/auth/${first}%2F${tail}`,
      `/api/auth/${first}%2f${tail}`,
      `/api/auth/${first}\\${tail}`,
    );
  }
  return spellings;
}

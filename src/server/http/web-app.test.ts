import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress';
import { testDbKind } from '../../../tests/support/db';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { BOARD_PAGE } from './web-app';

/** A raw answer over HTTP: the bytes as sent (Node's fetch would decode them). */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe(`the built web app, precompressed and negotiated (${testDbKind})`, () => {
  let server: TestServer;
  let webRoot: string;
  const page = readFileSync(new URL('../../web/index.html', import.meta.url));
  // Compressible like a real bundle: repetitive source text.
  const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = "square ${i % 10}";\n`).join(''));
  const tiny = Buffer.from('x');

  it("names the board page by a source file that exists (the manifest's key for its chunk)", () => {
    expect(existsSync(new URL(`../../web/${BOARD_PAGE}`, import.meta.url))).toBe(true);
  });

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'squares-web-compressed-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), page);
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(webRoot, 'assets', 'tiny-abc123.js'), tiny);
    // Vite's manifest: the first page's chunks, and the board's lazy page with one chunk of its own and one shared.
    mkdirSync(join(webRoot, '.vite'));
    writeFileSync(
      join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react-1.js'] },
        '_react-1.js': { file: 'assets/react-1.js' },
        [BOARD_PAGE]: { file: 'assets/game-1.js', isDynamicEntry: true, imports: ['_react-1.js', '_board-1.js'] },
        '_board-1.js': { file: 'assets/board-1.js', imports: ['_react-1.js'] },
      }),
    );
    // The build's own step (vite.config.ts runs it after every build).
    await precompress(webRoot);
    server = await startTestServer({ webRoot });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('writes a smaller .br and .gz beside each compressible file, and none that would not be smaller', () => {
    for (const file of ['index.html', 'assets/index-abc123.js']) {
      const size = statSync(join(webRoot, file)).size;
      expect(statSync(join(webRoot, `${file}.br`)).size, file).toBeLessThan(size);
      expect(statSync(join(webRoot, `${file}.gz`)).size, file).toBeLessThan(size);
    }
    expect(() => statSync(join(webRoot, 'assets/tiny-abc123.js.br'))).toThrow();
  });

  const cases = [
    { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
    { accept: 'br', encoding: 'br' },
    { accept: 'gzip', encoding: 'gzip' },
    { accept: 'br;q=0, gzip', encoding: 'gzip' },
    { accept: '', encoding: null },
    { accept: 'identity', encoding: null },
    { accept: 'deflate', encoding: null },
  ] as const;

  for (const path of ['/assets/index-abc123.js', '/', '/game/abc', '/index.html']) {
    const original = path.startsWith('/assets/') ? script : page;
    for (const { accept, encoding } of cases) {
      it(`GET ${path} with Accept-Encoding '${accept}' is ${encoding ?? 'sent as it is'}`, async () => {
        const res = await get(server.url + path, accept ? { 'accept-encoding': accept } : {});
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding ?? undefined);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(res.headers['content-type']).toMatch(path.startsWith('/assets/') ? /^text\/javascript|^application\/javascript/ : /^text\/html/);
        expect(res.headers['cache-control']).toBe(path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        const body = encoding ? decode[encoding](res.body) : res.body;
        expect(body.equals(original)).toBe(true);
        if (encoding) expect(res.body.length).toBeLessThan(original.length);
      });
    }
  }

  it('HEAD answers the negotiated headers without a body', async () => {
    for (const path of ['/assets/index-abc123.js', '/game/abc']) {
      const head = await get(server.url + path, { 'accept-encoding': 'br' }, 'HEAD');
      const full = await get(server.url + path, { 'accept-encoding': 'br' });
      expect(head.status, path).toBe(200);
      expect(head.body.length, path).toBe(0);
      expect(head.headers['content-encoding'], path).toBe('br');
      expect(head.headers['content-length'], path).toBe(String(full.body.length));
      expect(String(head.headers.vary).toLowerCase(), path).toContain('accept-encoding');
    }
  });

  it("the CSP allows index.html's inline theme script by its hash, and no other inline script", async () => {
    const res = await get(`${server.url}/game/abc`);
    const scripts = [...res.body.toString('utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain("localStorage.getItem('theme')");
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it("a board's page names the board's own code and data for preloading; other pages name none", async () => {
    const board = await get(`${server.url}/game/abc`);
    expect(board.headers.link).toBe(
      '</assets/game-1.js>; rel=modulepreload, </assets/board-1.js>; rel=modulepreload, </api/games/abc/board>; rel=preload; as=fetch; crossorigin',
    );
    // An invite link's page sets its cookie before reading the board; an odd id gets no data preload.
    expect((await get(`${server.url}/game/abc?invite=xyz`)).headers.link).toBe(
      '</assets/game-1.js>; rel=modulepreload, </assets/board-1.js>; rel=modulepreload',
    );
    expect((await get(`${server.url}/game/a%3Eb%2C`)).headers.link).toBe('</assets/game-1.js>; rel=modulepreload, </assets/board-1.js>; rel=modulepreload');
    for (const path of ['/', '/game/abc/print', '/all-games']) expect((await get(server.url + path)).headers.link, path).toBeUndefined();
    expect((await get(`${server.url}/.vite/manifest.json`)).status).toBe(404);
  });

  it('a file without a smaller copy is sent as it is, still saying it varies', async () => {
    const res = await get(`${server.url}/assets/tiny-abc123.js`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.body.equals(tiny)).toBe(true);
  });

  it('the compressed copies are not files of their own', async () => {
    for (const path of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/index.html.br']) {
      const res = await get(server.url + path, { 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(404);
    }
  });
});

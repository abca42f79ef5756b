import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { METRICS_PATH } from '../system/metrics';
import { errorBody } from './errors';

/** The board page's source file under src/web: its chunk's key in Vite's manifest. */
export const BOARD_PAGE = 'features/board/game.page.tsx';

/**
 * The CSP sources ('sha256-...') of the inline scripts in the built index.html: the theme script
 * runs before the first paint without a request of its own, and the CSP allows exactly it, not
 * inline scripts in general. Read once at start, from the build the server serves.
 */
export function inlineScriptHashes(webRoot: string): string[] {
  const file = join(webRoot, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The board (/game/:id) is the page people open from a shared link, mostly on a phone. Its code is
 * a lazy chunk the app's script would ask for only once it runs; a `Link: rel=modulepreload`
 * header on the page names it (and what it imports that the first page does not), so the browser
 * fetches it alongside the app's script (design note 014). From Vite's manifest of the build.
 */
function boardPreloadHeader(webRoot: string): string | null {
  const file = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const firstPage = new Set<string>();
  walk('index.html', firstPage);
  const board = new Set<string>();
  walk(BOARD_PAGE, board);
  const files = [...board].filter((path) => !firstPage.has(path));
  return files.length > 0 ? files.map((path) => `</${path}>; rel=modulepreload`).join(', ') : null;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every other GET that wants HTML answered with index.html (history fallback). Unknown
 * /api paths get a JSON 404. The build writes a .br and a .gz beside each compressible file
 * (vite.config.ts precompress); a request gets the best one its Accept-Encoding takes (br, then
 * gzip, else the file itself), with Vary: Accept-Encoding, the history fallback included.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const built = existsSync(join(webRoot, 'index.html'));
  const boardPreload = built ? boardPreloadHeader(webRoot) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are chosen by negotiation, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders(reply, path) {
        // Vite puts content-hashed files under assets/: they never change, so cache them for good.
        const immutable = path.startsWith(join(webRoot, 'assets'));
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path);
    if (!wantsPage) {
      return reply.status(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${path}`));
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path) || path.startsWith('/assets/')) {
      // A missing file (old hashed asset, typo): a real 404, not the app.
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).');
    }
    reply.header('Cache-Control', 'no-cache');
    const game = /^\/game\/([^/]+)$/.exec(path);
    if (game) {
      // Game ids are UUIDs: anything else gets no data preload (nothing odd goes into the header).
      const id = /^[A-Za-z0-9-]{1,64}$/.test(game[1]!) ? game[1] : null;
      // The board's data too, fetched with the page's script (its fetch matches: same origin, CORS
      // mode, same-origin credentials); not for an invite link, whose cookie the page sets first.
      const invite = typeof request.query === 'object' && request.query !== null && 'invite' in request.query;
      const data = id === null || invite ? null : `</api/games/${id}/board>; rel=preload; as=fetch; crossorigin`;
      const links = [boardPreload, data].filter((link) => link !== null);
      if (links.length > 0) reply.header('Link', links.join(', '));
    }
    return reply.type('text/html').sendFile('index.html');
  });
}

/**
 * True when a path is under /api (or is /metrics, which is a 404 while metrics are off) as anything
 * downstream could take it: dot segments resolved (`/./api/...`, `/x/../api/...`, `%2e`), escapes
 * decoded (`/%61pi/`), repeated slashes and case folded. A server address in any spelling is
 * answered as one (a JSON 404), never with the web app.
 */
function isServerPath(path: string): boolean {
  let resolved = new URL(`http://host${path.startsWith('/') ? '' : '/'}${path}`).pathname;
  try {
    resolved = decodeURIComponent(resolved);
  } catch {
    // A malformed escape stays as it is: the check below reads the rest.
  }
  const folded = resolved.replace(/\/+/g, '/').toLowerCase();
  return folded === '/api' || folded.startsWith('/api/') || folded.startsWith('/api;') || folded === METRICS_PATH;
}

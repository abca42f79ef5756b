import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** index.html's inline theme script by its hash, as the API server allows it (server/http/web-app.ts). */
const themeScriptHashes = [...readFileSync(fromRoot('./src/web/index.html'), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`)
  .join(' ');

/** The production Content-Security-Policy (set by the API server); `vite preview` sends it too. */
const CONTENT_SECURITY_POLICY = `default-src 'self'; script-src 'self' ${themeScriptHashes}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:`;

const devPort = Number(process.env.VITE_PORT ?? 5173);
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** ARCHITECTURE "Budgets": first page JavaScript at most 200 KB gzip. */
const FIRST_PAGE_JS_BUDGET_BYTES = 200_000;

/**
 * Sums the gzip size of the entry chunk and everything it imports statically (what the browser
 * must load before the home page shows), prints it, and fails the build over budget.
 */
function firstPageBudget(): Plugin {
  return {
    name: 'squares-pool:first-page-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      if (!entry || entry.type !== 'chunk') return;
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      let bytes = 0;
      for (const fileName of seen) {
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') bytes += gzipSync(chunk.code).length;
      }
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      const message = `first page JavaScript: ${kb(bytes)} gzip in ${seen.size} file(s) (budget ${kb(FIRST_PAGE_JS_BUDGET_BYTES)})`;
      if (bytes > FIRST_PAGE_JS_BUDGET_BYTES) this.error(message);
      this.info(message);
    },
  };
}

/**
 * Fails the build when chunks import each other in a circle. A module whose top level reads an
 * import (a zod enum of a core list) runs before that import's chunk has run when the two chunks
 * import each other, and the page fails to render: the game page did, once a page shared more
 * modules (issue 33). Chunks that never form a circle run their modules in source order.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'squares-pool:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const state = new Map<string, 'visiting' | 'done'>();
      const path: string[] = [];
      const visit = (fileName: string): string[] | null => {
        if (state.get(fileName) === 'done') return null;
        if (state.get(fileName) === 'visiting') return [...path.slice(path.indexOf(fileName)), fileName];
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return null;
        state.set(fileName, 'visiting');
        path.push(fileName);
        for (const next of chunk.imports) {
          const cycle = visit(next);
          if (cycle) return cycle;
        }
        path.pop();
        state.set(fileName, 'done');
        return null;
      };
      for (const fileName of Object.keys(bundle)) {
        const cycle = visit(fileName);
        if (cycle) this.error(`chunks import each other in a circle: ${cycle.join(' -> ')}`);
      }
    },
  };
}

/**
 * The stylesheet goes into index.html as a <style> element instead of a <link>: the first paint
 * needs nearly all of it (an app's CSS from Tailwind holds only the classes in use, about 12 kB
 * compressed), and a separate request would hold the first paint back by a round trip. The CSP
 * already allows inline styles (design note 014). The file is dropped unless something else
 * names it.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'squares-pool:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          const css = String(asset.source).replaceAll('</style', '<\\/style');
          const named = Object.values(bundle).some(
            (item) => item.fileName !== fileName && (item.type === 'chunk' ? item.code : String(item.source)).includes(fileName),
          );
          if (!named) delete bundle[fileName];
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

/** Brotli and gzip copies of the build's files, for the server's content negotiation (scripts/precompress.ts). */
function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'squares-pool:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const copies = await precompress(outDir);
      this.info(`${copies} brotli and gzip copies written`);
    },
  };
}

// The web app lives in src/web and builds to dist/web, which the API server serves (DECISIONS D1).
export default defineConfig({
  root: fromRoot('./src/web'),
  envDir: repoRoot,
  plugins: [react(), tailwindcss(), firstPageBudget(), noChunkCycles(), inlineStylesheet(), precompressBuild()],
  resolve: {
    alias: {
      '@core': fromRoot('./src/core'),
      '@': fromRoot('./src/web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    // .vite/manifest.json: the server names the board's chunks in a preload header (http/web-app.ts).
    manifest: true,
    reportCompressedSize: true,
    // Raw size of the entry chunk (React, router, shell); the real limit is firstPageBudget's gzip check.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Fewer, larger files for a phone on a slow network, where each request costs a round
        // trip (the server speaks HTTP/1.1: six at a time). Everything the first page needs is
        // one file (it was 12), and the small modules that several lazy pages share go into one
        // `common` file instead of a file each (the board's page fetched 15 files of 1 to 7 kB).
        // Measured with `npm run lighthouse` (design note 014, "Fewer files"). `common` takes the
        // modules its modules import as well (includeDependenciesRecursively, the default): without
        // them it imported lazy pages' chunks that imported it back, and the board page crashed on a
        // module run before its import (noChunkCycles now fails such a build). It also made the
        // board page load less: 5 files and 51.1 kB gzip beside the entry, from 13 files and 62.9 kB.
        // `common` also takes the players' features' shared modules (board, checkout, lists, auth,
        // account, help, shell; never a page): split into small files (issue 34), they would each be a
        // request. The organizers' features (admin-game, game-day) stay out: the game form brings zod,
        // which a player's page must not load. The board page: 2 files and 35.9 kB gzip beside the entry.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            {
              name: 'common',
              test: /[\\/]src[\\/](core|web[\\/](lib|components|features[\\/](board|checkout|game-lists|auth|account|help|shell)[\\/](?![^\\/]*\.page\.tsx$)))|lucide-react/,
              minShareCount: 2,
              maxModuleSize: 4000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: devPort,
    strictPort: true,
    proxy: {
      // Also carries server-sent events; Vite's proxy streams them and closes upstream on disconnect.
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  // Dev mode needs React Refresh's inline preamble, so only the preview of a build runs under the CSP.
  preview: {
    host: '127.0.0.1',
    port: devPort,
    strictPort: true,
    headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  },
});

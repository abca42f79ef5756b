import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The production Content-Security-Policy (set by the API server); `vite preview` sends it too. */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:";

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
  plugins: [react(), tailwindcss(), firstPageBudget(), precompressBuild()],
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
    reportCompressedSize: true,
    // Raw size of the entry chunk (React, router, shell); the real limit is firstPageBudget's gzip check.
    chunkSizeWarningLimit: 600,
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

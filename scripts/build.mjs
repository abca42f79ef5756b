// `npm run build`: the web app (Vite, to dist/web) and the server compiled to JavaScript
// (esbuild, to dist/server), which is what production runs: no TypeScript compiler at run time
// (design note 023). Plain JavaScript so that `npm start` needs nothing but Node and the
// production dependencies. `--if-stale` builds only what its sources changed; `web` or `server`
// builds only that part.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The server's entry points: each becomes dist/server/<name>.js (scripts/start.mjs runs one). */
const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  'migrate-cli': 'src/server/db/migrate-cli.ts',
  'admin-cli': 'src/server/auth/admin-cli.ts',
  'backup-cli': 'src/server/backup/backup-cli.ts',
  'restore-cli': 'src/server/backup/restore-cli.ts',
  'verify-draw-cli': 'src/server/draws/verify-draw-cli.ts',
};

const PARTS = {
  web: {
    // Everything the web build depends on; a change to any of them means a rebuild.
    inputs: ['src/web', 'src/core', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json', 'tsconfig.json'],
    outDir: 'dist/web',
    built: 'dist/web/index.html',
    build: buildWeb,
  },
  server: {
    inputs: ['src/server', 'src/core', 'scripts/build.mjs', 'package-lock.json', 'tsconfig.json'],
    outDir: 'dist/server',
    built: 'dist/server/main.js',
    build: buildServer,
  },
};

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    yield* files(join(path, entry));
  }
}

function sourcesHash(part) {
  const hash = createHash('sha256');
  for (const input of part.inputs) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const stampOf = (part) => join(part.outDir, '.build-stamp');

function isCurrent(part) {
  const stamp = stampOf(part);
  return existsSync(part.built) && existsSync(stamp) && readFileSync(stamp, 'utf8') === sourcesHash(part);
}

function buildWeb() {
  const result = spawnSync('vite', ['build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web build failed; see the output above.');
}

/**
 * One ES module per entry, our code bundled (so `@core/...` and extensionless imports resolve
 * at build time) and every package left to node_modules: Better Auth, Fastify and pg load as
 * their authors ship them. dist/server sits as deep as src/server, so the server's
 * import.meta.url-relative path to dist/web holds in both.
 */
async function buildServer() {
  const esbuild = await import('esbuild');
  rmSync('dist/server', { recursive: true, force: true });
  try {
    await esbuild.build({
      entryPoints: SERVER_ENTRIES,
      outdir: 'dist/server',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    });
  } finally {
    await esbuild.stop();
  }
}

/** Builds the named parts (all by default); with `ifStale`, only those whose sources changed. */
export async function build({ parts = Object.keys(PARTS), ifStale = false } = {}) {
  for (const name of parts) {
    const part = PARTS[name];
    if (ifStale && isCurrent(part)) continue;
    console.log(`Building the ${name === 'web' ? 'web app' : 'server'}...`);
    const wanted = sourcesHash(part);
    await part.build();
    mkdirSync(part.outDir, { recursive: true });
    writeFileSync(stampOf(part), wanted);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const parts = args.filter((arg) => !arg.startsWith('--'));
  const unknown = parts.filter((part) => !(part in PARTS));
  if (unknown.length > 0) {
    console.error(`Unknown part: ${unknown.join(', ')} (web, server)`);
    process.exit(2);
  }
  try {
    await build({ ...(parts.length > 0 ? { parts } : {}), ifStale: args.includes('--if-stale') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

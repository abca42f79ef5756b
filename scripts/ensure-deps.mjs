// Installs dependencies when they are missing or when package.json / the lockfile changed.
// Runs as `prestart` / `prebuild` / `pretest` on whatever Node the system has (it may be older
// than 24), so it uses nothing but Node's standard library. Afterwards npm runs the real script
// with Node 24 from node_modules/.bin (the `node` dependency).
// Two kinds of install (design note 023): `npm start` and `npm run build` need only the
// dependencies (the server, and the tools that build it and the web app); with
// NODE_ENV=production they get just those (`npm ci --omit=dev`), elsewhere everything.
// `npm test` (`--with-lint`) always needs the test tools: it installs the devDependencies too,
// whatever NODE_ENV says, and the linter and formatter in tools/lint (typescript-eslint needs
// the TypeScript 6 compiler API; the project compiles with 7).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs npm with `args`; a SIGTERM or SIGINT this process gets (npm passes them on to its
 * script, started with `exec`) goes to npm too, so stopping `npm start` mid-install stops the
 * install rather than leaving it running. Resolves with npm's exit status.
 */
function npm(args, cwd) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: 'inherit', cwd });
    const forward = (signal) => child.kill(signal);
    process.on('SIGTERM', forward);
    process.on('SIGINT', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

/**
 * Runs `npm ci` (or install) in `dir` unless its stamp says package.json and the lockfile are
 * what was installed, in a kind that covers `kind`: a full install serves a production start.
 */
async function ensure(dir, kind, required) {
  const stamp = join(dir, 'node_modules/.squares-install-stamp');
  const hash = createHash('sha256');
  hash.update(readFileSync(join(dir, 'package.json')));
  const lock = join(dir, 'package-lock.json');
  if (existsSync(lock)) hash.update(readFileSync(lock));
  const wanted = hash.digest('hex');
  const [stampedHash, stampedKind = 'full'] = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim().split(' ') : [];
  const covers = stampedKind === 'full' || stampedKind === kind;
  if (stampedHash === wanted && covers && required.every((file) => existsSync(join(dir, file)))) return;
  const args = [existsSync(lock) ? 'ci' : 'install', kind === 'full' ? '--include=dev' : '--omit=dev', '--no-audit', '--no-fund'];
  console.log(`Installing ${kind === 'full' ? 'all dependencies' : 'production dependencies'}${dir === '.' ? '' : ` in ${dir}`} (npm ${args.join(' ')})...`);
  const status = await npm(args, dir);
  if (status !== 0) {
    console.error('Installing dependencies failed or was stopped; see the npm output above.');
    process.exit(status);
  }
  writeFileSync(stamp, `${wanted} ${kind}\n`);
}

const forTests = process.argv.includes('--with-lint');
const kind = forTests || process.env.NODE_ENV !== 'production' ? 'full' : 'production';
await ensure('.', kind, [
  'node_modules/.bin/node',
  'node_modules/.bin/vite',
  ...(kind === 'full' ? ['node_modules/.bin/tsx', 'node_modules/.bin/vitest'] : []),
]);
if (forTests) await ensure('tools/lint', 'full', ['node_modules/.bin/eslint', 'node_modules/.bin/prettier', 'node_modules/.bin/knip']);

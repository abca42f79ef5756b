// Installs dependencies when they are missing or when package.json / the lockfile changed.
// Runs as `prestart` / `pretest` on whatever Node the system has (it may be older than 24),
// so it uses nothing but Node's standard library. Afterwards npm runs the real script with
// Node 24 from node_modules/.bin (the `node` devDependency).
// `--with-lint` (pretest) also installs tools/lint: the linter and formatter live in a folder of
// their own (typescript-eslint needs the TypeScript 6 compiler API; the project compiles with 7).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Runs `npm ci` (or install) in `dir` unless its stamp says package.json and the lockfile are what was installed. */
function ensure(dir, required) {
  const stamp = join(dir, 'node_modules/.squares-install-stamp');
  const hash = createHash('sha256');
  hash.update(readFileSync(join(dir, 'package.json')));
  const lock = join(dir, 'package-lock.json');
  if (existsSync(lock)) hash.update(readFileSync(lock));
  const wanted = hash.digest('hex');
  const installed = existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === wanted && required.every((file) => existsSync(join(dir, file)));
  if (installed) return;
  const args = existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  console.log(`Installing dependencies${dir === '.' ? '' : ` in ${dir}`} (npm ${args[0]})...`);
  const result = spawnSync('npm', args, { stdio: 'inherit', cwd: dir });
  if (result.status !== 0) {
    console.error('Installing dependencies failed; see the npm output above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, wanted);
}

ensure('.', ['node_modules/.bin/tsx', 'node_modules/.bin/node']);
if (process.argv.includes('--with-lint')) ensure('tools/lint', ['node_modules/.bin/eslint', 'node_modules/.bin/prettier', 'node_modules/.bin/knip']);

// Installs dependencies when they are missing or when package.json / the lockfile changed.
// Runs as `prestart` / `pretest` on whatever Node the system has (it may be older than 24),
// so it uses nothing but Node's standard library. Afterwards npm runs the real script with
// Node 24 from node_modules/.bin (the `node` devDependency).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const STAMP = 'node_modules/.squares-install-stamp';
const hash = createHash('sha256');
hash.update(readFileSync('package.json'));
if (existsSync('package-lock.json')) hash.update(readFileSync('package-lock.json'));
const wanted = hash.digest('hex');

const installed =
  existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === wanted && existsSync('node_modules/.bin/tsx') && existsSync('node_modules/.bin/node');

if (!installed) {
  const args = existsSync('package-lock.json') ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  console.log(`Installing dependencies (npm ${args[0]})...`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Installing dependencies failed; see the npm output above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(STAMP, wanted);
}

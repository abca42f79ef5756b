import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Everything the web build depends on; a change to any of them means a rebuild. */
const INPUTS = ['src/web', 'src/core', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json', 'tsconfig.json'];
const OUT_DIR = 'dist/web';
const STAMP = join(OUT_DIR, '.build-stamp');

function* files(path: string): Generator<string> {
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

export function webSourcesHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function webBuildIsCurrent(): boolean {
  return existsSync(join(OUT_DIR, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === webSourcesHash();
}

/** Runs `vite build` and records what it was built from. */
export function buildWeb(): void {
  const result = spawnSync('vite', ['build'], { stdio: 'inherit', shell: false });
  if (result.status !== 0) throw new Error('The web build failed; see the output above.');
  writeFileSync(STAMP, webSourcesHash());
}

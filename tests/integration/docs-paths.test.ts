import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 34, "a map that stays true": every file path the README and docs/ name exists. A path is a
// word with a folder and a file's extension (`src/core/board.ts`, `db/migrate.ts`); the docs name
// files from the repository's root, from their own folder, or (ARCHITECTURE's layout) from the
// source folders. A path that starts with `../` is outside the repository, and `dist/` holds what
// a build writes. docs/product keeps verbatim copies of the shared spec and decisions, whose paths
// are the shared folder's.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASES = ['', 'src', 'src/server', 'src/server/db', 'src/web', 'src/web/components', 'tests'];
const VERBATIM_COPIES = new Set(['docs/product/DECISIONS.md', 'docs/product/squares-pool-spec.md']);
const PATH = /(?<![\w./@~-])((?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|mjs|js|json|md|sh|yml|yaml|conf|css|html|example|toml|sql|svg|png))(?![\w/])/g;

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** Each path a document names that no base resolves, with its line number. */
function missingPaths(doc: string): string[] {
  const missing: string[] = [];
  readFileSync(join(ROOT, doc), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      for (const [, path] of line.matchAll(PATH)) {
        if (path!.startsWith('../') || path!.startsWith('dist/') || /https?:\/\/\S*$/.test(line.slice(0, line.indexOf(path!)))) continue;
        const candidates = [...BASES.map((base) => join(ROOT, base, path!)), join(ROOT, dirname(doc), path!)];
        if (!candidates.some((candidate) => existsSync(candidate))) missing.push(`${doc}:${index + 1}: ${path}`);
      }
    });
  return missing;
}

describe('the docs name files that exist', () => {
  const docs = ['README.md', ...markdownFiles('docs')].filter((doc) => !VERBATIM_COPIES.has(doc));

  it('reads the README and every document under docs/', () => {
    expect(docs).toContain('docs/ARCHITECTURE.md');
    expect(docs.length).toBeGreaterThan(40);
  });

  it.each(docs)('%s', (doc) => {
    expect(missingPaths(doc)).toEqual([]);
  });

  it('finds a path that does not exist (the check can fail)', () => {
    const doc = relative(ROOT, fileURLToPath(import.meta.url));
    expect(doc).toBe('tests/integration/docs-paths.test.ts');
    // This file names `src/core/no-such-module.ts` on purpose.
    expect(missingPaths(doc).some((line) => line.endsWith('src/core/no-such-module.ts'))).toBe(true);
  });
});

describe('the design notes index', () => {
  const index = readFileSync(join(ROOT, 'docs/decisions/README.md'), 'utf8');
  const linked = new Set([...index.matchAll(/\]\(([\w.-]+\.md)\)/g)].map(([, file]) => file!));
  const notes = readdirSync(join(ROOT, 'docs/decisions')).filter((name) => /^\d{3}-.*\.md$/.test(name));

  it('lists every design note once, by subject', () => {
    expect(notes.length).toBeGreaterThan(39);
    expect(notes.filter((note) => !linked.has(note))).toEqual([]);
    expect([...index.matchAll(/\]\(([\w.-]+\.md)\)/g)]).toHaveLength(notes.length);
  });

  it('links only notes that exist', () => {
    expect([...linked].filter((file) => !notes.includes(file))).toEqual([]);
  });
});

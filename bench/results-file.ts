import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * bench/RESULTS.md has two writers: `npm run bench` (the file's head and its table) and
 * `npm run lighthouse` (a section of its own between markers). Each keeps what the other wrote.
 */
export const RESULTS_FILE = fileURLToPath(new URL('RESULTS.md', import.meta.url));

const markers = (name: string) => [`<!-- ${name}: start -->`, `<!-- ${name}: end -->`] as const;

/** The named section as it stands in the file, markers included, or '' when there is none. */
function readResultsSection(name: string): string {
  const text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  return from === -1 || to === -1 ? '' : text.slice(from, to + end.length) + '\n';
}

/** The file from its first section on (sections and what was written by hand after them), or ''. */
export function readSectionsOnward(): string {
  const text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const from = text.search(/<!-- [a-z]+: start -->/);
  return from === -1 ? '' : text.slice(from);
}

/** Writes `markdown` as the named section, in place of the old one or at the end. */
export function writeResultsSection(name: string, markdown: string): void {
  const text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  const [start, end] = markers(name);
  const section = `${start}\n${markdown.trimEnd()}\n${end}\n`;
  const old = readResultsSection(name);
  writeFileSync(RESULTS_FILE, old ? text.replace(old, section) : `${text.trimEnd()}\n\n${section}`);
}

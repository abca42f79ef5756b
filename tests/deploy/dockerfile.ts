import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One instruction of a Dockerfile: `op` upper-cased, `args` the rest of its (joined) line. */
interface Instruction {
  op: string;
  args: string;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** The stages of a Dockerfile in order; continuation lines joined, comments dropped. */
export function parseDockerfile(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = op.toUpperCase();
    if (upper === 'FROM') {
      const [, from = '', name = ''] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ name: name || String(stages.length), from, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`${upper} before any FROM`);
      stage.instructions.push({ op: upper, args });
    }
  }
  return stages;
}

/** `ENV A=1 B=2` as pairs; `$NAME` and `${NAME}` expand from `env` (values without quotes or spaces). */
export function parseEnv(args: string, env: Record<string, string>): [string, string][] {
  return args.split(/\s+/).map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`ENV ${pair}: only NAME=value pairs are supported`);
    const value = pair.slice(at + 1).replace(/\$\{?(\w+)\}?/g, (_, name: string) => env[name] ?? '');
    return [pair.slice(0, at), value];
  });
}

/** An exec-form (JSON array) command: CMD ["node", "x.js"] or HEALTHCHECK [options] CMD [...]. */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`not an exec-form command: ${args}`);
  return parsed;
}

/**
 * The .dockerignore's patterns as a test of a path relative to the context: `**\/name` matches
 * that name at any depth, anything else the path itself or a folder holding it. Other glob
 * syntax is refused, so the copy made here never drifts from what Docker would send.
 */
export function dockerignore(root: string): (path: string) => boolean {
  const patterns = readFileSync(join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const pattern of patterns) {
    if (/[*?[!]/.test(pattern.replace(/^\*\*\//, ''))) throw new Error(`.dockerignore: ${pattern} is more than this test's matcher reads`);
  }
  return (path) => {
    const parts = path.split('/');
    return patterns.some((pattern) => (pattern.startsWith('**/') ? parts.includes(pattern.slice(3)) : path === pattern || path.startsWith(`${pattern}/`)));
  };
}

import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The core runs in the server and in the browser: it may import only other core modules and zod.
const CORE_DIR = dirname(fileURLToPath(import.meta.url));
const ALLOWED_PACKAGES = new Set(['zod']);

/** Every module specifier a source imports or re-exports, statically or dynamically. */
function importedSpecifiers(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] as string));
}

/** Why a core file may not import `specifier`, or null when it may. */
function forbiddenReason(specifier: string, fromDir: string): string | null {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return 'a Node module';
  if (specifier.startsWith('.')) {
    const target = relative(CORE_DIR, resolve(fromDir, specifier));
    return target.startsWith('..') ? `outside src/core (${target})` : null;
  }
  const packageName = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  return ALLOWED_PACKAGES.has(packageName as string) ? null : `a package or alias other than zod`;
}

function coreSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return coreSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('core purity', () => {
  it('detects forbidden imports', () => {
    const source = [
      "import { readFileSync } from 'node:fs';",
      "import crypto from 'crypto';",
      "import type { App } from '../server/app';",
      "export { Board } from '../web/components/board';",
      "import { api } from '@/lib/api';",
      "import React from 'react';",
      "const lazy = () => import('../server/db');",
      "import './polyfill-outside/../../web/x';",
      "import { z } from 'zod';",
      "import type { Coordinate } from './grid';",
      "import { grid } from './nested/../grid';",
    ].join('\n');
    const specifiers = importedSpecifiers(source);
    expect(specifiers).toHaveLength(11);
    const forbidden = Object.fromEntries(specifiers.map((s) => [s, forbiddenReason(s, CORE_DIR) !== null]));
    expect(forbidden).toEqual({
      'node:fs': true,
      crypto: true,
      '../server/app': true,
      '../web/components/board': true,
      '@/lib/api': true,
      react: true,
      '../server/db': true,
      './polyfill-outside/../../web/x': true,
      zod: false,
      './grid': false,
      './nested/../grid': false,
    });
  });

  it('finds the core sources', () => {
    const names = coreSources(CORE_DIR).map((path) => relative(CORE_DIR, path));
    expect(names).toEqual(expect.arrayContaining(['grid.ts', 'scoring.ts', 'cart.ts', 'validation.ts']));
    expect(names.some((name) => name.endsWith('.test.ts'))).toBe(false);
  });

  it.each(coreSources(CORE_DIR).map((path) => [relative(CORE_DIR, path), path]))('%s imports only core modules and zod', (_, path) => {
    const forbidden = importedSpecifiers(readFileSync(path, 'utf8'))
      .map((specifier) => ({ specifier, reason: forbiddenReason(specifier, dirname(path)) }))
      .filter(({ reason }) => reason !== null);
    expect(forbidden).toEqual([]);
  });
});

/** The core modules `path` imports (relative specifiers, type-only imports included), as absolute paths. */
function coreImports(path: string): string[] {
  return importedSpecifiers(readFileSync(path, 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const target = resolve(dirname(path), specifier);
      return /\.tsx?$/.test(target) ? target : `${target}.ts`;
    });
}

/** One import cycle among `sources` (each path, ending where it starts), or null. */
function findCycle(sources: readonly string[], importsOf: (path: string) => string[]): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (path: string): string[] | null => {
    if (state.get(path) === 'done') return null;
    if (state.get(path) === 'open') return [...stack.slice(stack.indexOf(path)), path];
    state.set(path, 'open');
    stack.push(path);
    for (const next of importsOf(path)) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(path, 'done');
    return null;
  };
  for (const path of sources) {
    const cycle = visit(path);
    if (cycle) return cycle;
  }
  return null;
}

describe('core modules import one another without cycles', () => {
  it('finds a cycle when there is one', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(findCycle(['d'], (path) => graph[path] ?? [])).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(['a'], (path) => (path === 'c' ? [] : (graph[path] ?? [])))).toBeNull();
  });

  it('has none in src/core', () => {
    const cycle = findCycle(coreSources(CORE_DIR), coreImports);
    expect(cycle?.map((path) => relative(CORE_DIR, path)) ?? null).toBeNull();
  });
});

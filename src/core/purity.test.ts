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

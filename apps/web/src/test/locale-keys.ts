import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { i18n } from '@/lib/i18n';

/** For the locale tests: the i18n keys a source file names, matched by `pattern` (one capture group). */
export function keysIn(file: string, pattern: RegExp): string[] {
  return [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => m[1]!);
}

/** The non-test TypeScript files under `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

/** The text of `namespace.path.to.key` in `lng`, or undefined. */
export function resource(lng: string, key: string): unknown {
  const [ns, ...rest] = key.split('.');
  return i18n.getResource(lng, ns!, rest.join('.')) as unknown;
}

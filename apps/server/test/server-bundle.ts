import { spawnSync } from 'node:child_process';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..');
let built = false;

/**
 * Builds `dist/main.mjs` (`npm run build`'s server bundle, which production runs) from the current
 * sources, once per process; returns its path. For the tests and benches that start the real server.
 */
export function buildServerBundle(): string {
  const bundle = path.join(serverRoot, 'dist/main.mjs');
  if (built) return bundle;
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: serverRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server bundle did not build: ${build.stderr}`);
  built = true;
  return bundle;
}

// `npm start`: builds the web app and the server bundle when their sources are newer than the
// builds, then runs the server (api + worker + scheduler, ROLE=all) on the embedded PGlite default
// unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const shared = path.join(root, 'packages/shared/src');

function newestMtime(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newestMtime(path.join(file, name))));
}

/** Runs `npm run build -w <workspace>` unless `output` is newer than every file of `sources`. */
function buildIfStale(label, workspace, output, sources) {
  if (existsSync(output) && Math.max(...sources.map(newestMtime)) <= statSync(output).mtimeMs) return;
  console.log(`Building ${label}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const web = path.join(root, 'apps/web');
buildIfStale('the web app', 'apps/web', path.join(web, 'dist/index.html'), [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  shared,
]);
const server = path.join(root, 'apps/server');
const bundle = path.join(server, 'dist/main.mjs');
buildIfStale('the server', 'apps/server', bundle, [path.join(server, 'src'), path.join(server, 'build.mjs'), shared]);

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

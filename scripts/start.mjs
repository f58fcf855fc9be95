// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// (api + worker + scheduler, ROLE=all) on the embedded PGlite default unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(web, 'src'), path.join(root, 'packages/shared/src')];
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime), statSync(path.join(web, 'index.html')).mtimeMs) > statSync(builtIndex).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

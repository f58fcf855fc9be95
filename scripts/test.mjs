// `npm test`: lint, types, unit and integration tests (PostgreSQL when DATABASE_URL is set,
// PGlite otherwise), a smoke run of the real server on PGlite, then the end-to-end specs in Chromium.
// Without Chromium the end-to-end step is skipped with a notice, except under CI where it fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];

function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (!ok) finish();
}

function finish() {
  console.log('\n━━ summary');
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

step('lint', 'npx', ['eslint', '.']);
step('types', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']);
step('unit: shared', 'npx', ['vitest', 'run', '--root', 'packages/shared']);
step('unit: web', 'npx', ['vitest', 'run', '--root', 'apps/web']);
step(`integration: server on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, 'npx', ['vitest', 'run', '--root', 'apps/server']);
step('build: web and server', 'npm', ['run', 'build']);
step('smoke: server on PGlite', 'node', ['--import', 'tsx', 'e2e/smoke.ts'], { DATABASE_URL: '' });
if (existsSync(chromium)) {
  step('end-to-end: Chromium', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
} else if (process.env.CI) {
  console.error(`\nChromium not found at ${chromium}: CI must install it (apt-get install -y chromium).`);
  results.push({ name: 'end-to-end: Chromium', ok: false, seconds: '0.0' });
} else {
  console.log(`\n━━ end-to-end: skipped — Chromium not found at ${chromium} (install it with: apt-get install -y chromium)`);
}
finish();

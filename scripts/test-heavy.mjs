// `npm run test:heavy`: the long runs a developer does before resolving an issue — the server suite
// on both databases and the benchmarks, whose figures go into the issue note.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const postgres = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const steps = [
  ['server suite on PGlite', 'npx', ['vitest', 'run', '--root', 'apps/server'], { DATABASE_URL: '' }],
  ['server suite on PostgreSQL', 'npx', ['vitest', 'run', '--root', 'apps/server'], { DATABASE_URL: postgres }],
  ['knowledge benchmark', 'npm', ['run', 'knowledge', '-w', 'bench'], { DATABASE_URL: postgres }],
  // The pipeline under SIGKILL, two workers, the SpamAssassin corpus (apps/server/test/heavy, *.heavy.ts).
  ['pipeline reliability', 'npx', ['vitest', 'run', '--config', 'apps/server/test/heavy/vitest.config.ts'], { DATABASE_URL: postgres }],
  ['pipeline latency benchmark', 'npm', ['run', 'pipeline-latency', '-w', 'bench'], { DATABASE_URL: postgres }],
];
let failed = 0;
for (const [name, command, args, env] of steps) {
  console.log(`\n━━ ${name}`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) failed++;
}
console.log(`\nheavy: ${steps.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

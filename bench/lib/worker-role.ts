import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../apps/server/node-flags.mjs';
import { buildServerBundle } from '../../apps/server/test/server-bundle';

export interface WorkerRole {
  pid: number;
  stop(): Promise<void>;
}

/**
 * The real server in ROLE=worker (`node apps/server/dist/main.mjs`, no HTTP listener),
 * ready when it logs "worker running". `env` must give the DATABASE_URL and the DATA_DIR (its
 * secrets.json holds the key that unseals the mailboxes' passwords) of the API that connected them.
 */
export async function startWorkerRole(repoRoot: string, env: { DATA_DIR: string; DATABASE_URL: string }): Promise<WorkerRole> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, buildServerBundle()], {
    cwd: repoRoot,
    env: { ...process.env, ...env, NODE_ENV: 'development', ROLE: 'worker', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start within 60 s')), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      // pino's JSON lines: warnings (40) and errors (50, 60) are shown, the rest is only waited on.
      for (const line of text.split('\n')) if (/"level":[456]\d/.test(line)) console.error(`worker: ${line}`);
      out = (out + text).slice(-10_000);
      if (out.includes('"worker running"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with code ${child.exitCode}: ${out}`));
    });
  });
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

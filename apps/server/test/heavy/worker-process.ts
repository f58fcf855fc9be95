/**
 * The worker role alone, as a child process for the heavy tests (killed with SIGKILL at random
 * points): `DATABASE_URL=… node --import tsx apps/server/test/heavy/worker-process.ts`. Its config
 * matches the test harness's (same ENCRYPTION_KEY, so it can unseal the mailboxes the test app
 * connected). Prints `ready <workerId>` once started; an unhandled rejection ends it with code 70.
 */
import os from 'node:os';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { startWorker } from '../../src/worker';

process.on('unhandledRejection', (error) => {
  console.error('UNHANDLED_REJECTION', error);
  process.exit(70);
});

const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error));

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const config = loadConfig({
  NODE_ENV: 'test',
  APP_URL: 'http://localhost:3000',
  DATA_DIR: os.tmpdir(),
  AUTH_SECRET: 'test-secret-test-secret-test-secret-42',
  ENCRYPTION_KEY: '0'.repeat(64),
  DATABASE_URL: url,
  AUTO_SENDS_PER_DAY: process.env.AUTO_SENDS_PER_DAY ?? '100000',
});
const database = await openDatabase({ url, poolSize: 5 });
const worker = startWorker({
  config,
  database,
  log: {
    warn: (object, message) =>
      console.error(JSON.stringify({ warn: message, ...object, err: describe((object as { err?: unknown }).err) })),
  },
});
console.log(`ready ${worker.workerId}`);
process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});

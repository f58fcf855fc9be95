import { rmSync } from 'node:fs';
import { freePort, startApp, tempDataDir } from './server-process';

/** Starts the app once for the suite; the specs read E2E_URL and E2E_DATA_DIR (the outbox). */
export default async function globalSetup() {
  const dataDir = tempDataDir();
  // The embedded default, whatever the environment says: the app as `npm ci && npm start` gives it.
  const app = await startApp({ port: await freePort(), dataDir, env: { DATABASE_URL: '', RATE_LIMIT_MULTIPLIER: '20' } });
  process.env.E2E_URL = app.url;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

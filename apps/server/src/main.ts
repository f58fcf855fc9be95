import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import { buildApp } from './http/app';
import { createMailer } from './notifications/mailer';
import { startWorker } from './worker';

/** load config → open db → migrate → build app → start roles */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  await migrate(database);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const app = config.role === 'worker' ? null : await buildApp({ config, database, mailer, webDist, logger: log });
  const worker = config.role === 'api' ? null : startWorker({ config, database, log });

  const stop = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await worker?.stop();
    await app?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  if (!app) return log.info({ db: database.kind, role: config.role }, 'worker running');
  const address = await app.listen({ port: config.port, host: config.host });
  log.info({ db: database.kind, role: config.role }, `listening on ${address}`);
  console.log(`\n  Mail assistant is running on ${config.appUrl}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

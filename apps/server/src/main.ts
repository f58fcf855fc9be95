import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import { buildApp } from './api';
import { startMetricsListener } from './modules/metrics/metrics-listener';
import { createMailer } from './notifications/mailer';
import { paths } from './paths';
import { startWorker } from './worker';

/**
 * How long a shutdown may take before the process exits anyway: under the 30 s that Docker and
 * Kubernetes wait between SIGTERM and SIGKILL. The worker's runners get 20 s for their current message.
 */
const SHUTDOWN_GRACE_MS = 25_000;

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
  const app = config.role === 'worker' ? null : await buildApp({ config, database, mailer, webDist: paths.webDist, logger: log });
  const worker = config.role === 'api' ? null : startWorker({ config, database, log, mailer });
  const metricsListener =
    config.metrics.port === undefined
      ? null
      : await startMetricsListener({ port: config.metrics.port, host: config.host, database, token: config.metrics.token });
  if (metricsListener) log.info({ port: metricsListener.port }, 'metrics listening');

  /**
   * Graceful shutdown: no new connections; requests under way are answered and the live-event
   * streams ended (the browsers reconnect to another process); each mailbox runner finishes its
   * message and releases its lease; the database closes last. A second signal, or the grace
   * period running out, ends the process at once.
   */
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown took too long: exiting now');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await Promise.all([app && closeServer(app), worker?.stop(), metricsListener?.close()]);
      await database.close();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (!app) return log.info({ db: database.kind, role: config.role, workerId: worker?.workerId }, 'worker running');
  const address = await app.listen({ port: config.port, host: config.host });
  log.info({ db: database.kind, role: config.role }, `listening on ${address}`);
  console.log(`\n  Mail assistant is running on ${config.appUrl}\n`);
}

/**
 * `app.close()` stops listening and waits for the requests under way. A keep-alive connection
 * whose request is answered while closing would then stay open until its keep-alive timeout, so
 * idle connections are closed again until the server is done.
 */
async function closeServer(app: Awaited<ReturnType<typeof buildApp>>) {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 250);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { createLocalEngine } from '../../apps/server/src/ai/local/local-engine';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { groundingFor } from '../../apps/server/src/modules/knowledge/grounding';
import { mailSettingsDeps, providerFor } from '../../apps/server/src/modules/mail-settings/mail-settings.service';
import { creditAccountOfUser } from '../../apps/server/src/modules/subscriptions/subscriptions.service';
import { startPipelineWorker } from '../../apps/server/src/pipeline/worker';

export type ProfiledWorker = Awaited<ReturnType<typeof startProfiledWorker>>;

/**
 * The worker role as src/worker.ts builds it, in this process, with the provider's and the engine's
 * calls timed: where a message's time goes (IMAP round trips, the engine, the rest: database and CPU),
 * and whether IDLE missed mail (a wait that ended on its timeout with mail already there).
 * PostgreSQL only: the server (ROLE=api) holds a PGlite directory alone.
 */
export async function startProfiledWorker(dataDir: string, appUrl: string, databaseUrl: string) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
  });
  const database = await openDatabase({ url: databaseUrl, poolSize: 5 });
  const timings = new Map<string, { calls: number; ms: number }>();
  const idle = { changed: 0, timeout: 0, timeoutWithMailWaiting: 0, mailFoundAfterTimeout: 0 };
  let afterTimeout = false;
  const record = (name: string, ms: number) => {
    const t = timings.get(name) ?? { calls: 0, ms: 0 };
    t.calls++;
    t.ms += ms;
    timings.set(name, t);
  };
  const timed = <T extends object>(prefix: string, target: T): T =>
    new Proxy(target, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key);
        if (key === 'messages' && value && typeof value === 'object') return timed('imap', value);
        if (typeof value !== 'function') return value;
        return (...params: unknown[]) => {
          const start = performance.now();
          const out: unknown = (value as (...a: unknown[]) => unknown).apply(object, params);
          if (!(out instanceof Promise)) return out;
          return out.then((v: unknown) => {
            const name = `${prefix}.${String(key)}`;
            record(name, performance.now() - start);
            if (key === 'waitForChange') {
              idle[v as 'changed' | 'timeout']++;
              afterTimeout = v === 'timeout';
            }
            if (key === 'listNewMessages' && afterTimeout) {
              const found = (v as { messages: unknown[] }).messages.length;
              if (found > 0) {
                idle.timeoutWithMailWaiting++;
                idle.mailFoundAfterTimeout += found;
              }
              afterTimeout = false;
            }
            return v;
          });
        };
      },
    });
  const mail = mailSettingsDeps(config, database.db);
  const worker = startPipelineWorker({
    db: database.db,
    engine: timed('engine', createLocalEngine()),
    host: new URL(config.appUrl).hostname,
    dailySendCap: config.autoSendsPerDay,
    openProvider: (account) => timed('imap', providerFor(mail, account)),
    grounding: groundingFor(database.db),
    creditAccountOf: (userId) => creditAccountOfUser(database.db, userId, config.billingEnabled),
    log: { warn: (object, message) => console.warn(message, object) },
  });
  return {
    report(wallMs: number) {
      const calls = Object.fromEntries(
        [...timings]
          .sort((a, b) => b[1].ms - a[1].ms)
          .map(([k, v]) => [k, { calls: v.calls, totalMs: Math.round(v.ms), meanMs: +(v.ms / v.calls).toFixed(1) }]),
      );
      return { wallMs, calls, idle };
    },
    async stop() {
      await worker.stop();
      await database.close();
    },
  };
}

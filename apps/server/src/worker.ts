import type { Config } from './config';
import type { Database } from './db/client';
import { engineFor, ownerEngines } from './engine-factory';
import { sendDueDigests } from './modules/digest/digest.service';
import { groundingFor } from './modules/knowledge/grounding';
import { runMailboxJobs } from './modules/mail-settings/mail-settings.jobs';
import { mailSettingsDeps, providerFor } from './modules/mail-settings/mail-settings.service';
import { countAiCalls } from './metrics/ai-calls';
import { reportAllExtraCredits } from './modules/subscriptions/extra-credits.service';
import { createStripeGateway } from './modules/subscriptions/stripe-gateway';
import { creditAccountOfUser } from './modules/subscriptions/subscriptions.service';
import { createMailboxPush } from './modules/webhooks/mailbox-push';
import type { Mailer } from './notifications/mailer';
import { listenForWakeups, MAIL_ACCOUNT_CHANGED_CHANNEL } from './notifications/mailbox-wakeups';
import type { RunnerDeps } from './pipeline/mailbox-runner';
import { PRESENCE_LOCK_SPACE } from './pipeline/presence';
import { type PipelineWorker, startPipelineWorker, type WorkerOptions } from './pipeline/worker';

/** The worker role (DESIGN §1): runs the mail pipeline over every syncing mailbox. */
export function startWorker(deps: {
  config: Config;
  database: Database;
  log?: RunnerDeps['log'];
  /** The system mailer: with it, the worker sends the owners' daily digests (issue 36, item 4). */
  mailer?: Mailer;
  /** Tests: other poll and scan intervals. */
  polling?: Pick<RunnerDeps, 'pollMs' | 'pushPollMs' | 'settingsCheckMs' | 'correctionsCheckMs'> & Pick<WorkerOptions, 'scanMs'>;
}): PipelineWorker {
  const { config, database } = deps;
  const db = database.db;
  const mail = mailSettingsDeps(config, db);
  const engines = ownerEngines(config, db, { engine: countAiCalls, assistant: (engine) => engine });
  const push =
    config.push.gmail || config.push.outlook ? createMailboxPush({ database, config: config.push, log: deps.log }) : undefined;
  const settingsChanges = listenForWakeups(database, MAIL_ACCOUNT_CHANGED_CHANNEL, (err) =>
    deps.log?.warn({ err }, 'settings announcements unavailable; checked every 30 s'),
  );
  const pipeline = startPipelineWorker({
    ...deps.polling,
    push,
    settingsChanges,
    db,
    // The operator's engine; each mailbox is worked with its owner's (`engineOf`), their own provider's when they saved one.
    engine: countAiCalls(engineFor(config)),
    engineOf: engines.engineOf,
    grounding: groundingFor(db),
    mailboxJobs: async (account, provider) =>
      runMailboxJobs({ mail, engine: await engines.engineOf(account.userId) }, account, provider),
    host: new URL(config.appUrl).hostname,
    dailySendCap: config.autoSendsPerDay,
    maxMailboxes: config.workerMaxMailboxes,
    openProvider: (account) => providerFor(mail, account),
    holdPresence: (workerId) => database.holdSessionLock(PRESENCE_LOCK_SPACE, workerId),
    creditAccountOf: (userId) => creditAccountOfUser(db, userId, config.billingEnabled),
    log: deps.log,
  });
  const billing = config.stripe ? scheduleExtraCredits(config, db, deps.log) : null;
  const digests = deps.mailer ? scheduleDigests(config, db, deps.mailer, deps.log) : null;
  return {
    workerId: pipeline.workerId,
    async stop() {
      if (billing) clearInterval(billing);
      if (digests) clearInterval(digests);
      await pipeline.stop();
      await push?.close();
      await settingsChanges.close();
    },
  };
}

/** Extra credits used past the plan's grant are reported to Stripe's meter every hour (DESIGN §10). */
const EXTRA_CREDITS_REPORT_MS = 60 * 60 * 1000;

function scheduleExtraCredits(config: Config, db: Database['db'], log?: RunnerDeps['log']) {
  const stripe = config.stripe!;
  const warn = (object: object, message: string) => log?.warn(object, message);
  const billingDeps = {
    db,
    gateway: createStripeGateway(stripe),
    appUrl: config.appUrl,
    publishableKey: stripe.publishableKey ?? null,
    webhookSecret: stripe.webhookSecret ?? null,
    log: { warn, error: warn },
  };
  const timer = setInterval(
    () => void reportAllExtraCredits(billingDeps).catch((err: unknown) => warn({ err }, 'extra credits report failed')),
    EXTRA_CREDITS_REPORT_MS,
  );
  timer.unref();
  return timer;
}

/**
 * The daily digests are looked for every 5 minutes: each owner's is sent once past 8:00 in their time
 * zone, claimed in the database first, so several workers share the job without sending twice.
 */
const DIGEST_CHECK_MS = 5 * 60 * 1000;

function scheduleDigests(config: Config, db: Database['db'], mailer: Mailer, log?: RunnerDeps['log']) {
  const warn = (object: object, message: string) => log?.warn(object, message);
  const deps = { db, mailer, appUrl: config.appUrl, secret: config.authSecret, log: { warn } };
  const timer = setInterval(
    () => void sendDueDigests(deps).catch((err: unknown) => warn({ err }, 'daily digests failed')),
    DIGEST_CHECK_MS,
  );
  timer.unref();
  return timer;
}

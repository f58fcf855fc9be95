import type { AiEngine } from './ai/engine';
import { createLlmEngine, languageModel } from './ai/llm/llm-engine';
import { createLocalEngine } from './ai/local/local-engine';
import type { Config } from './config';
import type { Database } from './db/client';
import { runMailboxJobs } from './modules/mail-settings/mail-settings.jobs';
import { mailSettingsDeps, providerFor } from './modules/mail-settings/mail-settings.service';
import { findReferrerId } from './modules/subscriptions/subscriptions.repository';
import { accountPlan } from './modules/subscriptions/subscriptions.service';
import type { RunnerDeps } from './pipeline/mailbox-runner';
import { type PipelineWorker, startPipelineWorker } from './pipeline/worker';

/** The LLM engine when a provider is configured, else the local engine (DESIGN §6). */
export function engineFor(config: Config): AiEngine {
  return config.ai ? createLlmEngine(languageModel(config.ai), config.ai.provider) : createLocalEngine();
}

/** The worker role (DESIGN §1): runs the mail pipeline over every syncing mailbox. */
export function startWorker(deps: { config: Config; database: Database; log?: RunnerDeps['log'] }): PipelineWorker {
  const { config, database } = deps;
  const db = database.db;
  const mail = mailSettingsDeps(config, db);
  const engine = engineFor(config);
  return startPipelineWorker({
    db,
    engine,
    mailboxJobs: (account, provider) => runMailboxJobs({ mail, engine }, account, provider),
    host: new URL(config.appUrl).hostname,
    dailySendCap: config.autoSendsPerDay,
    openProvider: (account) => providerFor(mail, account),
    async creditAccountOf(userId) {
      const referrerId = (await findReferrerId(db, userId)) ?? null;
      const plan = await accountPlan(db, { id: userId, referrerId }, config.billingEnabled);
      return { ownerId: referrerId ?? userId, plan: plan.plan, billingEnabled: config.billingEnabled };
    },
    log: deps.log,
  });
}

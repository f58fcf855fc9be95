import { CATEGORY_LANGUAGES, categoryInputSchema } from '@app/shared/categories';
import { FETCH_RANGE_MAX_DAYS } from '@app/shared/mail-settings';
import { type AiEngine, NO_CATEGORY, type TrainingExample } from '../../ai/engine';
import { cleanForEngine } from '../../ai/safety';
import { parseMessage } from '../../mail/mime/parse-message';
import { newLines } from '../../mail/mime/quoted-text';
import { notifyMail } from '../../notifications/live-events';
import { findSpecialFolder } from '../../mail/special-folders';
import type { MailProvider } from '../../mail/port';
import { categoriesKey, saveClassifier, toEngineCategory } from '../../pipeline/classify';
import { listCorrections } from '../../pipeline/corrections';
import { groundingFor } from '../knowledge/grounding';
import { measurePastMail } from './accuracy';
import { forgetReads } from './first-run-reads.repository';
import { listInbox, listInRange, type ListedFolder, readFolder, readListed } from './past-mail-reading';
import { readTogether } from './read-ahead';
import type { OwnerReply } from './reply-replay';
import { createCategory } from './categories.service';
import type { MailSettingsDeps } from './mail-settings.service';
import * as repo from './mail-settings.repository';

/**
 * The mailbox's batch jobs (spec 02 §4), run by the worker between pipeline rounds:
 * - the automatic initialisation (batchStatus pending → processing → completed | failed) learns from
 *   the mail already filed in each AI category's folder over the chosen range (and measures how it
 *   would have filed that mail and the mail left in the inbox: accuracy.ts);
 * - the AI categorisation (batchCategorizeStatus QUEUED → FETCHING → ANALYZING → REFINING →
 *   FINALIZING → COMPLETED | FAILED) proposes categories from recent mail and creates them.
 */
export interface MailboxJobDeps {
  mail: MailSettingsDeps;
  engine: AiEngine;
  now?: () => Date;
}

/**
 * Past messages read per category folder (and in the inbox) within the owner's range: all of them
 * (the accuracy report judges every one) up to this bound, which keeps a first run's memory and time in check
 * (bench/first-run.ts); and messages sampled for proposals.
 */
const EXAMPLES_PER_CATEGORY = 2_500;
const PROPOSAL_SAMPLE = 300;
const SENT_EXAMPLES = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * What an owner's correction weighs next to a message filed in a folder: it says the assistant read
 * this very kind of mail wrong, against the instruction it misread (whose evidence the engine keeps
 * adding while few messages are filed). At 1, a message corrected once in a dry-run review, where it
 * is no folder's example too, was filed the same wrong way again (pipeline/dry-run.test.ts).
 */
const CORRECTION_WEIGHT = 3;

/** Runs whatever batch the mailbox asks for; true when something ran (the classifier may have changed). */
export async function runMailboxJobs(deps: MailboxJobDeps, account: repo.MailAccountRow, provider: MailProvider) {
  let ran = false;
  if (account.batchStatus === 'pending') {
    await initialise(deps, account, provider);
    ran = true;
  }
  if (account.batchCategorizeStatus === 'QUEUED') {
    await categorize(deps, account, provider);
    ran = true;
  }
  return ran;
}

function range(deps: MailboxJobDeps, account: repo.MailAccountRow) {
  const now = deps.now?.() ?? new Date();
  const end = account.fetchRangeEnd && account.fetchRangeEnd < now ? account.fetchRangeEnd : now;
  const earliest = new Date(end.getTime() - FETCH_RANGE_MAX_DAYS * DAY_MS);
  const start =
    account.fetchRangeStart && account.fetchRangeStart > earliest
      ? account.fetchRangeStart
      : new Date(end.getTime() - 30 * DAY_MS);
  return { start, end };
}

async function setProgress(deps: MailboxJobDeps, account: repo.MailAccountRow, changes: Partial<repo.NewMailAccount>) {
  await repo.updateAccount(deps.mail.db, account.userId, changes);
  await notifyMail(deps.mail.db, { userId: account.userId, kind: 'setting' });
}

async function finish(deps: MailboxJobDeps, account: repo.MailAccountRow, changes: Partial<repo.NewMailAccount>) {
  await repo.finishBatch(deps.mail.db, account.userId, changes);
  await notifyMail(deps.mail.db, { userId: account.userId, kind: 'setting' });
}

export async function initialise(deps: MailboxJobDeps, account: repo.MailAccountRow, provider: MailProvider) {
  const categories = (await repo.listCategories(deps.mail.db, account.userId)).filter((c) => c.classifierType === 'ai');
  const total = categories.length;
  const startedAt = (deps.now?.() ?? new Date()).toISOString();
  // `done` of `total` category folders read; the messages and the phase tell the screen the rest.
  const progress = (phase: 'listing' | 'reading' | 'learning', done: number, messages: { done: number; total: number }) =>
    setProgress(deps, account, {
      batchProgress: {
        job: 'initialisation',
        done,
        total,
        phase,
        startedAt,
        messagesDone: messages.done,
        messagesTotal: messages.total,
      },
    });
  await setProgress(deps, account, {
    batchStatus: 'processing',
    batchProgress: { job: 'initialisation', done: 0, total, phase: 'listing', startedAt },
  });
  try {
    const within = range(deps, account);
    // With the automatic initialisation off, no past mail is read: only the owner's corrections teach.
    const readsPastMail = account.isSyncEnabled;
    // Listed first (cheap), so that the screen can say how many messages there are and how long is left.
    const listed: ListedFolder[] = [];
    for (const category of readsPastMail ? categories : []) {
      const summaries = await listInRange(provider, category.mailboxId, within, EXAMPLES_PER_CATEGORY);
      listed.push({ folder: category.mailboxId, categoryId: category.id, summaries });
    }
    // The mail left in the inbox is judged too (what the assistant would have moved), with the
    // built-in engine only: with an AI provider each judgement is paid and the replay takes filed mail.
    const inboxListed =
      listed.length > 0 && deps.engine.name === 'local'
        ? await listInbox(provider, account.trackedMailbox, within, EXAMPLES_PER_CATEGORY, listed)
        : null;
    if (inboxListed) listed.push(inboxListed);
    const messages = { done: 0, total: listed.reduce((n, l) => n + l.summaries.length, 0) };
    const { filed, inbox } = await readListed({ db: deps.mail.db, account, provider, listed }, async (folders, done) => {
      messages.done = done;
      // The inbox is no category folder: `done` of `total` counts those.
      await progress('reading', Math.min(folders, total), messages);
      await stopIfSuperseded(deps, account);
    });
    await stopIfSuperseded(deps, account);
    await progress('learning', Math.min(listed.length, total), messages);
    const examples: TrainingExample[] = [
      ...filed.map((f) => ({ categoryId: f.categoryId, message: f.message })),
      ...(await correctionExamples(deps, account.id, categories)),
    ];
    if (readsPastMail) {
      const replies = await keepSentReplies(deps, account, provider, within);
      const measure = {
        db: deps.mail.db,
        engine: deps.engine,
        grounding: groundingFor(deps.mail.db),
        billingEnabled: deps.mail.billingEnabled,
      };
      await measurePastMail(measure, account, provider, { categories, filed, inbox, replies }, deps.now?.() ?? new Date());
      // The owner's request for a paid replay is answered (the credits spent are in the ledger).
      if (account.accuracyReplayRequested !== null)
        await repo.updateAccount(deps.mail.db, account.userId, { accuracyReplayRequested: null });
    }
    if (categories.length > 0) {
      const model = await deps.engine.train(categories.map(toEngineCategory), examples);
      if (model) {
        await saveClassifier(deps.mail.db, {
          mailAccountId: account.id,
          userId: account.userId,
          engine: deps.engine.name,
          categoriesKey: categoriesKey(categories),
          model,
        });
      }
    }
    // Kept until now so that a run cut short resumes; a failed run keeps them for the next try.
    await forgetReads(deps.mail.db, account);
    await finish(deps, account, {
      batchStatus: 'completed',
      batchProgress: {
        job: 'initialisation',
        done: total,
        total,
        startedAt,
        messagesDone: messages.done,
        messagesTotal: messages.total,
      },
    });
  } catch (error) {
    // Queued again meanwhile: the next run starts at once and reuses what this one read.
    if (error instanceof SupersededRun) return;
    const message = error instanceof Error ? error.message : String(error);
    await finish(deps, account, {
      batchStatus: 'failed',
      batchProgress: { job: 'initialisation', done: 0, total, error: message },
    });
  }
}

/** The run was queued again while it read (the categories changed, a correction came): it is stale. */
class SupersededRun extends Error {}

/**
 * An owner creating categories one after another right after connecting queued a run for each: the
 * run under way, over some of them, stops rather than finishing a report nobody will read.
 */
async function stopIfSuperseded(deps: MailboxJobDeps, account: repo.MailAccountRow) {
  if ((await repo.findAccount(deps.mail.db, account.userId))?.batchStatus === 'pending') throw new SupersededRun();
}

/** The owner's corrections (pipeline/corrections.ts) as examples: into an AI category, or out of them all. */
async function correctionExamples(
  deps: MailboxJobDeps,
  accountId: string,
  categories: repo.MailCategoryRow[],
): Promise<TrainingExample[]> {
  const ids = new Set(categories.map((c) => c.id));
  return (await listCorrections(deps.mail.db, accountId))
    .filter((c) => c.categoryId === null || ids.has(c.categoryId))
    .map((c) => ({
      weight: CORRECTION_WEIGHT,
      categoryId: c.categoryId ?? NO_CATEGORY,
      message: {
        subject: c.subject,
        from: c.fromAddress ? { name: c.fromName, address: c.fromAddress } : null,
        to: [],
        text: c.text,
        date: c.sentAt,
      },
    }));
}

/**
 * The owner's replies in Sent over the range (mail answering another: it has In-Reply-To), their own
 * words only (quoted history cut), replace the mailbox's drafting examples; newest first.
 */
async function keepSentReplies(
  deps: MailboxJobDeps,
  account: repo.MailAccountRow,
  provider: MailProvider,
  within: { start: Date; end: Date },
): Promise<OwnerReply[]> {
  const sent = findSpecialFolder(await provider.listFolders(), '\\Sent');
  if (!sent) return [];
  const ops = provider.messages!;
  const examples: OwnerReply[] = [];
  for (let offset = 0; examples.length < SENT_EXAMPLES && offset < SENT_EXAMPLES * 3; offset += 50) {
    const page = await ops.list(sent.id, { offset, limit: 50 });
    for (const summary of page.messages) {
      if (!summary.date || summary.date < within.start || summary.date > within.end) continue;
      const raw = await ops.fetchRaw(sent.id, summary.id);
      const parsed = raw ? await parseMessage(raw, { maxBodyChars: 20_000 }) : null;
      const text = parsed?.inReplyTo ? newLines(cleanForEngine(parsed.text)) : '';
      if (parsed?.inReplyTo && text.length >= 20)
        examples.push({ subject: parsed.subject, text, inReplyTo: parsed.inReplyTo, date: parsed.date });
    }
    if (page.messages.length < 50) break;
  }
  await repo.replaceReplyExamples(
    deps.mail.db,
    account,
    examples.slice(0, SENT_EXAMPLES).map(({ subject, text }) => ({ subject, text })),
  );
  return examples;
}

export async function categorize(deps: MailboxJobDeps, account: repo.MailAccountRow, provider: MailProvider) {
  const request = account.batchCategorizeRequest ?? { numberOfCategories: 5, language: 'English', requestedAt: '' };
  const count = request.numberOfCategories;
  const step = (status: string, done: number, error?: string) =>
    setProgress(deps, account, {
      batchCategorizeStatus: status,
      batchProgress: { job: 'categorize', done, total: count, ...(error && { error }) },
    });
  try {
    await step('FETCHING', 0);
    const sample = await readFolder(
      provider,
      account.trackedMailbox,
      range(deps, account),
      PROPOSAL_SAMPLE,
      readTogether(account.provider),
    );
    await step('ANALYZING', 0);
    // The engines write English and French; other languages are asked for by name and get English.
    const code = CATEGORY_LANGUAGES.find((l) => l.name === request.language || l.code === request.language)?.code;
    const language = code === 'fr' ? 'fr' : 'en';
    const proposals = await deps.engine.proposeCategories(
      sample.map((r) => r.message),
      count,
      language,
    );
    await step('REFINING', 0);
    const taken = new Set((await repo.listCategories(deps.mail.db, account.userId)).map((c) => c.name.toLowerCase()));
    const schema = categoryInputSchema(account.username);
    const valid = proposals.flatMap((p) => {
      const parsed = schema.safeParse({ classifierType: 'ai', name: p.name, instruction: p.instruction, createdBy: 'AI' });
      if (!parsed.success || taken.has(parsed.data.name.toLowerCase())) return [];
      taken.add(parsed.data.name.toLowerCase());
      return [parsed.data];
    });
    await step('FINALIZING', 0);
    const caller = { id: account.userId, referrerId: null };
    for (const [index, values] of valid.entries()) {
      await createCategory(deps.mail, caller, values);
      await step('FINALIZING', index + 1);
    }
    await step('COMPLETED', valid.length);
  } catch (error) {
    await step('FAILED', 0, error instanceof Error ? error.message : String(error));
  }
}

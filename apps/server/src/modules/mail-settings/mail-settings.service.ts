import {
  BATCH_CATEGORIZE_STATUSES,
  FETCH_RANGE_MAX_DAYS,
  RESPONSE_TYPES,
  type DefaultConfigs,
  type MailSetting,
  type connectMailboxSchema,
  type updateMailSettingSchema,
} from '@app/shared/mail-settings';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MailConnection } from '../../db/schema/mail';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { MailError } from '../../mail/errors';
import { withMailProvider } from '../../mail/open-provider';
import type { MailProvider } from '../../mail/port';
import type { SecretBox } from '../../security/secret-box';
import { accountPlan } from '../subscriptions/subscriptions.service';
import { toMailboxTree, mailboxIds } from './mailbox-tree';
import * as repo from './mail-settings.repository';

export type MailSettingsDeps = {
  db: Db;
  secretBox: SecretBox;
  billingEnabled: boolean;
  /** Builds the adapter for a connection and its unsealed secret. */
  openProvider: (connection: MailConnection, secret: string) => MailProvider;
};
export type Caller = { id: string; referrerId: string | null };

type ConnectInput = z.output<typeof connectMailboxSchema>;
type UpdateInput = z.output<typeof updateMailSettingSchema>;

const DEFAULT_FETCH_DAYS = 30;
const RUNNING_BATCH = new Set<string>(BATCH_CATEGORIZE_STATUSES.filter((s) => s !== 'COMPLETED' && s !== 'FAILED'));

/** The spec's `userId` fields may only name the caller. */
export function assertOwnUser(caller: Caller, requested: string | undefined | null) {
  if (requested && requested !== caller.id) throw forbidden();
}

export function toSetting(row: repo.MailAccountRow): MailSetting {
  return {
    _id: row.id,
    provider: row.provider,
    username: row.username,
    responseType: row.responseType,
    mailboxes: row.mailboxes,
    trackedMailbox: row.trackedMailbox,
    isSyncEnabled: row.isSyncEnabled,
    isClassificationEnabled: row.isClassificationEnabled,
    batchStatus: row.batchStatus,
    batchCategorizeStatus: row.batchCategorizeStatus,
    fetchRangeDates:
      row.fetchRangeStart && row.fetchRangeEnd
        ? { startDate: row.fetchRangeStart.toISOString(), endDate: row.fetchRangeEnd.toISOString() }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A provider failure as the API answers it: which login failed and why. */
export function mailFailure(error: unknown, code = 'MAIL_CONNECTION_FAILED'): never {
  if (error instanceof MailError) {
    throw new AppError(400, code, error.message, { stage: error.stage, reason: error.reason });
  }
  throw error;
}

export function accountMissing() {
  return new AppError(404, 'MAIL_ACCOUNT_MISSING', 'No mailbox is connected');
}

/** The caller's account; a setting id, when given, must be theirs. */
export async function requireAccount(db: Db, caller: Caller, settingId?: string) {
  const account = await repo.findAccount(db, caller.id);
  if (!account || (settingId !== undefined && settingId !== account.id)) throw accountMissing();
  return account;
}

export function providerFor(deps: MailSettingsDeps, account: repo.MailAccountRow) {
  return deps.openProvider(account.connection, deps.secretBox.open(account.secret));
}

/** Spec 02 §6: the Starter plan offers AI response management or AI classification, not both. */
async function assertPlanAllows(deps: MailSettingsDeps, caller: Caller, responseType: number, classification: boolean) {
  if (responseType === RESPONSE_TYPES.disable || !classification) return;
  const { plan } = await accountPlan(deps.db, caller, deps.billingEnabled);
  if (plan === 'starter') {
    throw conflict('STARTER_PLAN_LIMIT', 'Limits exceeded: the Starter plan offers AI classification or AI responses, not both');
  }
}

export function defaultConfigs(now = new Date()): DefaultConfigs {
  const start = new Date(now.getTime() - (DEFAULT_FETCH_DAYS - 1) * 86_400_000);
  return {
    fetchRangeDates: { start: start.toISOString(), end: now.toISOString() },
    maxFetchRangeDays: FETCH_RANGE_MAX_DAYS,
    // Gmail and Outlook connect through OAuth adapters that this release does not ship yet.
    providers: { gmail: false, outlook: false, smtp: true },
  };
}

export async function getSetting(db: Db, caller: Caller) {
  const account = await repo.findAccount(db, caller.id);
  return account ? toSetting(account) : null;
}

/** The provider the session user shows (`settings.provider`), or null. */
export async function connectedProvider(db: Db, userId: string) {
  return (await repo.findAccount(db, userId))?.provider ?? null;
}

/**
 * Connects a mailbox: both logins are tested and the folder tree read before anything is saved,
 * so a failure leaves no half-saved account. The password is stored sealed.
 */
export async function connectMailbox(deps: MailSettingsDeps, caller: Caller, input: ConnectInput) {
  assertOwnUser(caller, input.userId);
  if (await repo.findAccount(deps.db, caller.id)) throw conflict('MAIL_ACCOUNT_EXISTS', 'A mailbox is already connected');
  await assertPlanAllows(deps, caller, input.responseType, input.isClassificationEnabled);
  if (input.provider !== 'smtp' || !input.settings) {
    throw new AppError(400, 'PROVIDER_NOT_CONFIGURED', `${input.provider} mailboxes cannot be connected on this server`);
  }
  const { pass, ...server } = input.settings;
  const connection: MailConnection = { kind: 'smtp', ...server };
  const folders = await withMailProvider(deps.openProvider(connection, pass), async (provider) => {
    await provider.verify();
    return provider.listFolders();
  }).catch((error: unknown) => mailFailure(error));
  const row = await repo.insertAccount(deps.db, {
    userId: caller.id,
    provider: 'smtp',
    username: input.settings.user,
    connection,
    secret: deps.secretBox.seal(pass),
    responseType: input.responseType,
    isSyncEnabled: input.isSyncEnabled,
    isClassificationEnabled: input.isClassificationEnabled,
    fetchRangeStart: input.fetchRangeDates?.start ?? null,
    fetchRangeEnd: input.fetchRangeDates?.end ?? null,
    batchStatus: input.isSyncEnabled ? 'pending' : null,
    mailboxes: toMailboxTree(folders),
  });
  if (!row) throw conflict('MAIL_ACCOUNT_EXISTS', 'A mailbox is already connected');
  return toSetting(row);
}

export async function updateSetting(deps: MailSettingsDeps, caller: Caller, input: UpdateInput) {
  assertOwnUser(caller, input.userId);
  const account = await requireAccount(deps.db, caller, input.id);
  if (input.responseType !== undefined || input.isClassificationEnabled !== undefined) {
    await assertPlanAllows(
      deps,
      caller,
      input.responseType ?? account.responseType,
      input.isClassificationEnabled ?? account.isClassificationEnabled,
    );
  }
  if (input.trackedMailbox !== undefined && !mailboxIds(account.mailboxes).has(input.trackedMailbox)) {
    throw badRequest('mailSettings.validation.unknownMailbox');
  }
  const range = input.fetchRangeDates;
  const updated = await repo.updateAccount(deps.db, caller.id, {
    responseType: input.responseType,
    trackedMailbox: input.trackedMailbox,
    isSyncEnabled: input.isSyncEnabled,
    isClassificationEnabled: input.isClassificationEnabled,
    ...(range !== undefined && { fetchRangeStart: range?.start ?? null, fetchRangeEnd: range?.end ?? null }),
    // Turning the initialisation on (or resetting it) queues it again.
    ...(input.isSyncEnabled === true && { batchStatus: 'pending' }),
  });
  if (!updated) throw accountMissing();
  return toSetting(updated);
}

/** Disconnects the mailbox: the sealed credentials and the categories are deleted with it. */
export async function deleteSetting(db: Db, caller: Caller, requestedUserId?: string) {
  assertOwnUser(caller, requestedUserId);
  if (!(await repo.deleteAccount(db, caller.id))) throw accountMissing();
}

/** Tests the stored logins again and refreshes the folder tree. */
export async function verifySetting(deps: MailSettingsDeps, caller: Caller) {
  const account = await requireAccount(deps.db, caller);
  const folders = await withMailProvider(providerFor(deps, account), async (provider) => {
    await provider.verify();
    return provider.listFolders();
  }).catch((error: unknown) => mailFailure(error));
  await repo.updateAccount(deps.db, caller.id, { mailboxes: toMailboxTree(folders) });
  return { success: true as const, message: 'The mailbox connection works' };
}

/** The folder tree read from the provider now (and kept for the screens). */
export async function listMailboxes(deps: MailSettingsDeps, caller: Caller, settingId: string) {
  const account = await requireAccount(deps.db, caller, settingId);
  const folders = await withMailProvider(providerFor(deps, account), (provider) => provider.listFolders()).catch(
    (error: unknown) => mailFailure(error),
  );
  const mailboxes = toMailboxTree(folders);
  await repo.updateAccount(deps.db, caller.id, { mailboxes });
  return { mailboxes };
}

/** Queues the AI category proposal; the batch job of the pipeline moves it on from QUEUED. */
export async function requestAiCategorization(
  deps: MailSettingsDeps,
  caller: Caller,
  input: { userId?: string; numberOfCategories: number; language: string },
) {
  assertOwnUser(caller, input.userId);
  const account = await requireAccount(deps.db, caller);
  if (account.batchCategorizeStatus && RUNNING_BATCH.has(account.batchCategorizeStatus)) {
    throw conflict('BATCH_RUNNING', 'categories.validation.batchRunning');
  }
  await repo.updateAccount(deps.db, caller.id, {
    batchCategorizeStatus: 'QUEUED',
    batchCategorizeRequest: {
      numberOfCategories: input.numberOfCategories,
      language: input.language,
      requestedAt: new Date().toISOString(),
    },
  });
  return { success: true as const, batchCategorizeStatus: 'QUEUED' as const };
}

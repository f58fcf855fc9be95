import {
  BATCH_CATEGORIZE_STATUSES,
  FETCH_RANGE_MAX_DAYS,
  assistantIsActive,
  HELD_BACK_REASONS,
  type DefaultConfigs,
  type MailActivity,
  type MailSetting,
  type connectMailboxSchema,
  type updateMailSettingSchema,
} from '@app/shared/mail-settings';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailConnection } from '../../db/schema/mail';
import type { MailFolder } from '../../mail/port';
import { AppError, badRequest, conflict } from '../../errors';
import type { DnsLookup } from '../../mail/discovery';
import { MailError } from '../../mail/errors';
import { exchangeCode, type OAuthVendor, revokeGrant, authorizationUrl } from '../../mail/oauth/oauth-clients';
import { createOAuthState, verifyOAuthState } from '../../mail/oauth/oauth-state';
import { createMailProviderFactory, type MailProviderFactory, withMailProvider } from '../../mail/open-provider';
import { createSecretBox, type SecretBox } from '../../security/secret-box';
import { engineNameOf } from '../ai-provider/ai-provider.service';
import { assertPlainConnectionsAllowed, assertPlanAllows } from './connect-checks';
import { DISCOVERIES_PER_MINUTE } from './discovery.service';
import { toMailboxTree, mailboxIds } from './mailbox-tree';
import { recentCorrections } from '../../pipeline/corrections';
import * as repo from './mail-settings.repository';
import { readTokens, storedTokens, unsavedTokens } from './oauth-tokens';
import { type ActorRef, assertSelf } from '../../access/actor';

export type MailSettingsDeps = {
  db: Db;
  secretBox: SecretBox;
  billingEnabled: boolean;
  providers: MailProviderFactory;
  /** Signs the OAuth `state` parameter. */
  stateSecret: string;
  /** The active AI engine's name, for the settings screen (default 'local'). */
  engineName?: string;
  /** MAIL_ALLOW_PRIVATE_HOSTS: private mail hosts, and plain connections to them (default: refused). */
  allowPrivateHosts?: boolean;
  /** The address discovery's DNS (default: the system's) and its lookups per user per minute. */
  dns?: DnsLookup;
  discoveriesPerMinute?: number;
};
/** The mail dependencies of the API and the worker, from the configuration. */
export function mailSettingsDeps(config: Config, db: Db): MailSettingsDeps {
  return {
    db,
    secretBox: createSecretBox(config.encryptionKey),
    billingEnabled: config.billingEnabled,
    stateSecret: config.authSecret,
    engineName: config.ai?.provider ?? 'local',
    allowPrivateHosts: config.mailAllowPrivateHosts,
    discoveriesPerMinute: Math.ceil(DISCOVERIES_PER_MINUTE * config.rateLimitMultiplier),
    providers: createMailProviderFactory({
      appUrl: config.appUrl,
      allowPrivateHosts: config.mailAllowPrivateHosts,
      google: config.google,
      microsoft: config.microsoft,
      endpointBases: config.vendorEndpointBases,
    }),
  };
}

type ConnectInput = z.output<typeof connectMailboxSchema>;
type UpdateInput = z.output<typeof updateMailSettingSchema>;

const DEFAULT_FETCH_DAYS = 30;
const RUNNING_BATCH = new Set<string>(BATCH_CATEGORIZE_STATUSES.filter((s) => s !== 'COMPLETED' && s !== 'FAILED'));

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
    moveSpamToJunk: row.moveSpamToJunk,
    authservId: row.authservId,
    authservIdSetByOwner: row.authservIdSetByOwner,
    dryRunUntil: row.dryRunUntil && row.dryRunUntil.getTime() > Date.now() ? row.dryRunUntil.toISOString() : null,
    batchStatus: row.batchStatus,
    batchCategorizeStatus: row.batchCategorizeStatus,
    batchProgress: row.batchProgress ?? null,
    fetchRangeDates:
      row.fetchRangeStart && row.fetchRangeEnd
        ? { startDate: row.fetchRangeStart.toISOString(), endDate: row.fetchRangeEnd.toISOString() }
        : null,
    syncError: row.syncError,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
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
export async function requireAccount(db: Db, caller: ActorRef, settingId?: string) {
  const account = await repo.findAccount(db, caller.id);
  if (!account || (settingId !== undefined && settingId !== account.id)) throw accountMissing();
  return account;
}

export function providerFor(deps: MailSettingsDeps, account: repo.MailAccountRow) {
  const { connection } = account;
  if (connection.kind === 'smtp') {
    const { kind: _kind, ...server } = connection;
    return deps.providers.smtp({ ...server, pass: deps.secretBox.open(account.secret) });
  }
  const vendor = account.provider as OAuthVendor;
  return deps.providers.oauth(vendor, storedTokens(deps, account.userId, account.secret, oauthClientOf(deps, vendor)));
}

function oauthClientOf(deps: MailSettingsDeps, vendor: OAuthVendor) {
  const client = deps.providers.oauthClient(vendor);
  if (!client) throw new AppError(400, 'PROVIDER_NOT_CONFIGURED', `${vendor} mailboxes cannot be connected on this server`);
  return client;
}

/** Where the browser goes to grant access: the vendor's sign-in, with a state bound to this user. */
export function oauthStart(deps: MailSettingsDeps, caller: ActorRef, vendor: OAuthVendor) {
  const client = oauthClientOf(deps, vendor);
  return { url: authorizationUrl(client, createOAuthState(deps.stateSecret, vendor, caller.id)) };
}

export function defaultConfigs(
  deps: Pick<MailSettingsDeps, 'providers' | 'allowPrivateHosts'>,
  now = new Date(),
): DefaultConfigs {
  const start = new Date(now.getTime() - (DEFAULT_FETCH_DAYS - 1) * 86_400_000);
  return {
    fetchRangeDates: { start: start.toISOString(), end: now.toISOString() },
    maxFetchRangeDays: FETCH_RANGE_MAX_DAYS,
    providers: {
      gmail: deps.providers.oauthClient('gmail') !== null,
      outlook: deps.providers.oauthClient('outlook') !== null,
      smtp: true,
    },
    privateMailHosts: deps.allowPrivateHosts === true,
  };
}

export async function getSetting(db: Db, caller: ActorRef) {
  const account = await repo.findAccount(db, caller.id);
  return account ? toSetting(account) : null;
}

/** The provider the session user shows (`settings.provider`), or null. */
export function connectedProvider(db: Db, userId: string) {
  return repo.findAccountProvider(db, userId);
}

/**
 * Connects a mailbox: both logins are tested and the folder tree read before anything is saved,
 * so a failure leaves no half-saved account. The password is stored sealed.
 */
export async function connectMailbox(deps: MailSettingsDeps, caller: ActorRef, input: ConnectInput) {
  assertSelf(caller, input.userId);
  if (await repo.findAccount(deps.db, caller.id)) throw conflict('MAIL_ACCOUNT_EXISTS', 'A mailbox is already connected');
  await assertPlanAllows(deps, caller, input.responseType, input.isClassificationEnabled);
  const { connection, secret, username, folders } =
    input.provider === 'smtp' ? await probeSmtp(deps, input) : await probeOAuth(deps, caller, input, input.provider);
  const row = await repo.insertAccount(deps.db, {
    userId: caller.id,
    provider: input.provider,
    username,
    connection,
    secret,
    responseType: input.responseType,
    isSyncEnabled: input.isSyncEnabled,
    isClassificationEnabled: input.isClassificationEnabled,
    fetchRangeStart: input.fetchRangeDates?.start ?? null,
    fetchRangeEnd: input.fetchRangeDates?.end ?? null,
    batchStatus: input.isSyncEnabled ? 'pending' : null,
    mailboxes: toMailboxTree(folders),
    // The provider's own id of the inbox (a Graph folder id for Outlook; INBOX for IMAP and Gmail).
    trackedMailbox: folders.find((f) => f.specialUse === '\\Inbox')?.id ?? 'INBOX',
  });
  if (!row) throw conflict('MAIL_ACCOUNT_EXISTS', 'A mailbox is already connected');
  return toSetting(row);
}

type Probe = { connection: MailConnection; secret: string; username: string; folders: MailFolder[] };

/** Tests both logins and reads the folders; nothing is saved yet. */
async function probeSmtp(deps: MailSettingsDeps, input: ConnectInput): Promise<Probe> {
  if (!input.settings) throw badRequest('mailSettings.validation.settingsRequired');
  await assertPlainConnectionsAllowed(deps.allowPrivateHosts === true, input.settings);
  const { pass, ...server } = input.settings;
  const folders = await withMailProvider(deps.providers.smtp(input.settings), async (provider) => {
    await provider.verify();
    return provider.listFolders();
  }).catch((error: unknown) => mailFailure(error));
  return { connection: { kind: 'smtp', ...server }, secret: deps.secretBox.seal(pass), username: input.settings.user, folders };
}

/** Checks the signed state, exchanges the code once, and reads the address and the folders. */
async function probeOAuth(deps: MailSettingsDeps, caller: ActorRef, input: ConnectInput, vendor: OAuthVendor): Promise<Probe> {
  const client = oauthClientOf(deps, vendor);
  if (!verifyOAuthState(deps.stateSecret, input.state, vendor, caller.id)) {
    throw new AppError(400, 'INVALID_OAUTH_STATE', 'This sign-in link is invalid or has expired: please connect again');
  }
  const tokens = unsavedTokens(
    client,
    await exchangeCode(client, input.code ?? '').catch((error: unknown) => mailFailure(error)),
  );
  const { username, folders } = await withMailProvider(deps.providers.oauth(vendor, tokens), async (provider) => ({
    username: await provider.address(),
    folders: await provider.listFolders(),
  })).catch((error: unknown) => mailFailure(error));
  return { connection: { kind: 'oauth' }, secret: deps.secretBox.seal(JSON.stringify(tokens.current())), username, folders };
}

export async function updateSetting(deps: MailSettingsDeps, caller: ActorRef, input: UpdateInput) {
  assertSelf(caller, input.userId);
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
    moveSpamToJunk: input.moveSpamToJunk,
    // Cleared, it may be learned again from received mail.
    ...(input.authservId !== undefined && {
      authservId: input.authservId || null,
      authservIdSetByOwner: Boolean(input.authservId),
    }),
    ...(input.dryRunDays !== undefined && {
      dryRunUntil: input.dryRunDays > 0 ? new Date(Date.now() + input.dryRunDays * 86_400_000) : null,
    }),
    ...(range !== undefined && { fetchRangeStart: range?.start ?? null, fetchRangeEnd: range?.end ?? null }),
    // Turning the initialisation on (or resetting it) queues it again.
    ...(input.isSyncEnabled === true && { batchStatus: 'pending' }),
    // Switched off, the assistant forgets where it stopped: switched on again, it starts from then
    // and never works through what arrived meanwhile.
    ...(!assistantIsActive({
      responseType: input.responseType ?? account.responseType,
      isClassificationEnabled: input.isClassificationEnabled ?? account.isClassificationEnabled,
    }) && { syncCheckpoint: null }),
  });
  if (!updated) throw accountMissing();
  return toSetting(updated);
}

/**
 * Disconnects the mailbox: the sealed credentials and the categories are deleted with it, and an
 * OAuth grant is revoked at the vendor where it can be (Google).
 */
export async function deleteSetting(deps: MailSettingsDeps, caller: ActorRef, requestedUserId?: string) {
  assertSelf(caller, requestedUserId);
  const account = await requireAccount(deps.db, caller);
  if (!(await repo.deleteAccount(deps.db, caller.id))) throw accountMissing();
  await revokeStoredGrant(deps, account);
}

/** Before a user is deleted (their mail account goes with them by cascade): revoke what can be revoked. */
export async function revokeMailGrantOf(deps: Pick<MailSettingsDeps, 'db' | 'providers' | 'secretBox'>, userId: string) {
  const account = await repo.findAccount(deps.db, userId);
  if (account) await revokeStoredGrant(deps, account);
}

/** Best effort: the tokens are already deleted here whatever the vendor answers. */
export async function revokeStoredGrant(deps: Pick<MailSettingsDeps, 'providers' | 'secretBox'>, account: repo.MailAccountRow) {
  if (account.connection.kind !== 'oauth') return;
  const client = deps.providers.oauthClient(account.provider as OAuthVendor);
  if (client) await revokeGrant(client, readTokens(deps.secretBox, account.secret).refreshToken).catch(() => false);
}

/** Tests the stored logins again and refreshes the folder tree. */
export async function verifySetting(deps: MailSettingsDeps, caller: ActorRef) {
  const account = await requireAccount(deps.db, caller);
  const folders = await withMailProvider(providerFor(deps, account), async (provider) => {
    await provider.verify();
    return provider.listFolders();
  }).catch((error: unknown) => mailFailure(error));
  await repo.updateAccount(deps.db, caller.id, { mailboxes: toMailboxTree(folders) });
  return { success: true as const, message: 'The mailbox connection works' };
}

/** The folder tree read from the provider now (and kept for the screens). */
export async function listMailboxes(deps: MailSettingsDeps, caller: ActorRef, settingId: string) {
  const account = await requireAccount(deps.db, caller, settingId);
  const folders = await withMailProvider(providerFor(deps, account), (provider) => provider.listFolders()).catch(
    (error: unknown) => mailFailure(error),
  );
  const mailboxes = toMailboxTree(folders);
  await repo.updateAccount(deps.db, caller.id, { mailboxes });
  return { mailboxes };
}

/** What the pipeline did with the caller's mail over the last day, and the sends in doubt. */
export async function mailActivity(deps: Pick<MailSettingsDeps, 'db' | 'engineName'>, caller: ActorRef): Promise<MailActivity> {
  const account = await requireAccount(deps.db, caller);
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const { counts, inDoubt } = await repo.activity(deps.db, account.id, since);
  const corrections = await recentCorrections(deps.db, account.id, since);
  const held = await repo.heldBack(deps.db, account.id, since, HELD_BACK_REASONS);
  return {
    engine: await engineNameOf(deps.db, caller.id, deps.engineName ?? 'local'),
    ...counts,
    corrections: corrections.map((c) => ({ ...c, at: c.at.toISOString() })),
    heldBack: held.map((h) => ({
      subject: h.subject,
      action: h.action === 'reply' || h.action === 'draft' || h.action === 'forward' ? h.action : null,
      reason: h.reason,
      at: h.at.toISOString(),
    })),
    inDoubt: inDoubt.map((a) => ({
      id: a.id,
      subject: a.subject,
      to: a.target.to ?? [],
      startedAt: a.startedAt?.toISOString() ?? null,
    })),
  };
}

/** Queues the AI category proposal; the batch job of the pipeline moves it on from QUEUED. */
export async function requestAiCategorization(
  deps: MailSettingsDeps,
  caller: ActorRef,
  input: { userId?: string; numberOfCategories: number; language: string },
) {
  assertSelf(caller, input.userId);
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

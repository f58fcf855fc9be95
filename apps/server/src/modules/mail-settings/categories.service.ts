import type { Category, CategoryValues } from '@app/shared/categories';
import { badRequest, conflict, notFound } from '../../errors';
import { withMailProvider } from '../../mail/open-provider';
import type { MailFolder } from '../../mail/port';
import { toMailboxTree } from './mailbox-tree';
import * as repo from './mail-settings.repository';
import { type MailSettingsDeps, mailFailure, providerFor, requireAccount } from './mail-settings.service';
import { type ActorRef, assertSelf } from '../../access/actor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toCategory(row: repo.MailCategoryRow): Category {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    existCategoryName: row.existCategoryName,
    classifierType: row.classifierType,
    instruction: row.instruction,
    action: row.action,
    responseInstructions: row.responseInstructions,
    email: row.forwardTo,
    autopilotMinPrecision: row.autopilotMinPrecision,
    rules: row.rules,
    classificationParentMailbox: row.classificationParentMailbox,
    draftParentMailbox: row.draftParentMailbox,
    createdBy: row.createdBy,
    mailboxPath: row.mailboxPath,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCategories(deps: Pick<MailSettingsDeps, 'db'>, caller: ActorRef, requestedUserId?: string) {
  assertSelf(caller, requestedUserId);
  return (await repo.listCategories(deps.db, caller.id)).map(toCategory);
}

/**
 * The folder (or label) a category files into, created when needed: a new name (a `/` makes it
 * nested), a name under a parent folder (subcategory), or an existing folder as it is.
 */
async function resolveFolder(deps: MailSettingsDeps, account: repo.MailAccountRow, values: CategoryValues) {
  return withMailProvider(providerFor(deps, account), async (provider) => {
    const folders = await provider.listFolders();
    const byId = (id: string) => folders.find((f) => f.id === id);
    const parentId = values.classificationParentMailbox ?? (values.name ? values.existCategoryName : null);
    if (parentId && !byId(parentId)) throw badRequest('categories.validation.unknownFolder');
    let folder: MailFolder | undefined;
    if (values.name) folder = await provider.ensureFolder(values.name.split('/'), parentId);
    else folder = byId(values.existCategoryName!);
    if (!folder) throw badRequest('categories.validation.unknownFolder');
    const tree = toMailboxTree(values.name ? await provider.listFolders() : folders);
    return { folder, tree };
  }).catch((error: unknown) => mailFailure(error, 'MAILBOX_FOLDER_FAILED'));
}

function assertForwardingAllowed(account: repo.MailAccountRow, values: CategoryValues) {
  if (values.email?.includes(account.username.toLowerCase())) throw badRequest('categories.validation.sameAsMailbox');
}

function columns(values: CategoryValues) {
  return {
    name: values.name,
    existCategoryName: values.existCategoryName,
    classifierType: values.classifierType,
    instruction: values.instruction,
    action: values.action,
    responseInstructions: values.responseInstructions,
    forwardTo: values.email,
    autopilotMinPrecision: values.autopilotMinPrecision,
    rules: values.rules,
    classificationParentMailbox: values.classificationParentMailbox,
    draftParentMailbox: values.draftParentMailbox,
  };
}

async function assertFolderFree(deps: MailSettingsDeps, caller: ActorRef, mailboxId: string, exceptId?: string) {
  const taken = (await repo.listCategories(deps.db, caller.id)).some((c) => c.mailboxId === mailboxId && c.id !== exceptId);
  if (taken) throw conflict('CATEGORY_EXISTS', 'categories.validation.duplicate');
}

/** Creates a category and its folder in the mailbox. */
export async function createCategory(deps: MailSettingsDeps, caller: ActorRef, values: CategoryValues) {
  assertSelf(caller, values.userId);
  const account = await requireAccount(deps.db, caller);
  assertForwardingAllowed(account, values);
  const { folder, tree } = await resolveFolder(deps, account, values);
  await assertFolderFree(deps, caller, folder.id);
  await repo.updateAccount(deps.db, caller.id, { mailboxes: tree });
  const row = await repo.insertCategory(deps.db, {
    ...columns(values),
    userId: caller.id,
    mailAccountId: account.id,
    createdBy: values.createdBy,
    mailboxId: folder.id,
    mailboxPath: folder.path,
  });
  if (row.classifierType === 'ai') await learnAgain(deps, caller, account);
  return toCategory(row);
}

/**
 * The AI categories changed: while the owner has the automatic initialisation on, it runs again, so
 * that the classifier learns from the mail already filed in every category's folder (a new category
 * on an existing folder included) instead of starting cold from names and instructions.
 */
async function learnAgain(deps: Pick<MailSettingsDeps, 'db'>, caller: ActorRef, account: { isSyncEnabled: boolean | null }) {
  if (account.isSyncEnabled) await repo.updateAccount(deps.db, caller.id, { batchStatus: 'pending' });
}

/**
 * Edits a category in place. When its folder changes, the new folder is created; the old one is
 * left as it is, with the mail already filed in it.
 */
export async function updateCategory(deps: MailSettingsDeps, caller: ActorRef, id: string, values: CategoryValues) {
  assertSelf(caller, values.userId);
  const current = UUID.test(id) ? await repo.findCategory(deps.db, caller.id, id) : null;
  if (!current) throw notFound();
  const account = await requireAccount(deps.db, caller);
  assertForwardingAllowed(account, values);
  const sameFolder =
    values.name === current.name &&
    values.existCategoryName === current.existCategoryName &&
    values.classificationParentMailbox === current.classificationParentMailbox;
  let folderColumns = {};
  if (!sameFolder) {
    const { folder, tree } = await resolveFolder(deps, account, values);
    await assertFolderFree(deps, caller, folder.id, id);
    await repo.updateAccount(deps.db, caller.id, { mailboxes: tree });
    folderColumns = { mailboxId: folder.id, mailboxPath: folder.path };
  }
  const row = await repo.updateCategory(deps.db, caller.id, id, { ...columns(values), ...folderColumns });
  if (!row) throw notFound();
  const learned = (c: typeof current) => [c.classifierType, c.name, c.instruction, c.mailboxId].join('\u0000');
  if ((row.classifierType === 'ai' || current.classifierType === 'ai') && learned(row) !== learned(current)) {
    await learnAgain(deps, caller, account);
  }
  return toCategory(row);
}

/** Deletes the category; its folder and the mail in it stay in the mailbox. */
export async function deleteCategory(deps: Pick<MailSettingsDeps, 'db'>, caller: ActorRef, id: string) {
  const current = UUID.test(id) ? await repo.findCategory(deps.db, caller.id, id) : null;
  if (!current || !(await repo.deleteCategory(deps.db, caller.id, id))) throw notFound();
  if (current.classifierType === 'ai') await learnAgain(deps, caller, await requireAccount(deps.db, caller));
}

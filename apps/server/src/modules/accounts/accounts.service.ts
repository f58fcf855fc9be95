import type { Db } from '../../db/client';
import { conflict, forbidden } from '../../errors';
import type { SessionChanges } from '../auth/session-cache';
import { type MailSettingsDeps, revokeMailGrantOf } from '../mail-settings/mail-settings.service';
import * as repo from './accounts.repository';

/**
 * Deletes the caller's account and every row they own (sessions, sign-in methods, profile,
 * knowledge, subscription, mail account with its sealed credentials, categories): all reference
 * the user with ON DELETE CASCADE. A mailbox's OAuth grant is revoked at the vendor first. An owner
 * who still has team members must remove them first.
 */
export async function deleteAccount(
  deps: { db: Db; mail: Pick<MailSettingsDeps, 'db' | 'providers' | 'secretBox'>; sessionChanges: SessionChanges },
  callerId: string,
  id: string,
) {
  if (id !== callerId) throw forbidden();
  if ((await repo.countTeamMembers(deps.db, callerId)) > 0) {
    throw conflict('HAS_TEAM_MEMBERS', 'Remove your team members before deleting your account');
  }
  await revokeMailGrantOf(deps.mail, callerId);
  await repo.deleteUser(deps.db, callerId);
  deps.sessionChanges.forgetUser(callerId);
}

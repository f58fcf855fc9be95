import type { Db } from '../../db/client';
import { conflict, forbidden } from '../../errors';
import * as repo from './accounts.repository';

/**
 * Deletes the caller's account and every row they own (sessions, sign-in methods, profile,
 * knowledge, subscription): all reference the user with ON DELETE CASCADE. An owner who still
 * has team members must remove them first.
 */
export async function deleteAccount(db: Db, callerId: string, id: string) {
  if (id !== callerId) throw forbidden();
  if ((await repo.countTeamMembers(db, callerId)) > 0) {
    throw conflict('HAS_TEAM_MEMBERS', 'Remove your team members before deleting your account');
  }
  await repo.deleteUser(db, callerId);
}

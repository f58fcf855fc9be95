import type { MailLanguage, Profile } from '@app/shared/profile';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import * as repo from './profiles.repository';
import { type Actor, assertSelf } from '../../access/actor';

type Fields = {
  businessSector: string;
  role: string;
  phoneNumber: string;
  website: string;
  language?: MailLanguage;
  timeZone?: string;
  dailyDigest?: boolean;
};

function toProfile(row: repo.ProfileRow, email: string): Profile {
  return {
    _id: row.id,
    userId: row.userId,
    email,
    businessSector: row.businessSector,
    role: row.role,
    phoneNumber: row.phoneNumber,
    website: row.website,
    language: row.language,
    timeZone: row.timeZone,
    dailyDigest: row.dailyDigest,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getProfile(db: Db, caller: Actor, requestedUserId?: string) {
  assertSelf(caller, requestedUserId);
  const row = await repo.findProfileByUser(db, caller.id);
  if (!row) throw notFound();
  return toProfile(row, caller.email);
}

export async function createProfile(db: Db, caller: Actor, input: Fields, requestedUserId?: string) {
  assertSelf(caller, requestedUserId);
  const row = await repo.insertProfile(db, caller.id, input);
  if (!row) throw conflict('CONFLICT', 'A profile already exists for this account');
  return toProfile(row, caller.email);
}

/** Updates the caller's own profile; another user's profile id is answered as not found. */
export async function updateProfile(
  db: Db,
  caller: Actor,
  id: string,
  input: Partial<Fields> & { showGuide?: boolean; helpGuideSeen?: true; gettingStartedClosed?: true },
) {
  const existing = z.uuid().safeParse(id).success ? await repo.findProfileById(db, id) : null;
  if (!existing || existing.userId !== caller.id) throw notFound();
  const { showGuide, helpGuideSeen, gettingStartedClosed, ...fields } = input;
  if (showGuide !== undefined) await repo.setShowGuide(db, caller.id, showGuide);
  if (helpGuideSeen || gettingStartedClosed) await repo.setGuideDone(db, caller.id, { helpGuideSeen, gettingStartedClosed });
  const row = await repo.updateProfile(db, id, fields);
  return toProfile(row!, caller.email);
}

export const findProfile = (db: Db, userId: string) => repo.findProfileByUser(db, userId);

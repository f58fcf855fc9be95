import type { Prompt, promptInputSchema, promptPatchSchema } from '@app/shared/prompts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import * as repo from './prompts.repository';
import { type Actor, assertSelf } from '../../access/actor';

function toPrompt(row: repo.PromptRow): Prompt {
  return {
    _id: row.id,
    userId: row.userId,
    enabled: row.enabled,
    useContext: row.useContext,
    section1: row.section1,
    section2: row.section2,
    section3: row.section3,
    section4: row.section4,
    section5: row.section5,
    section6: row.section6,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Spec 02 §2: while the context option is on, section 2 is not used, so it is cleared. */
function withContextRule<T extends { useContext?: boolean; section2?: string | null }>(fields: T): T {
  return fields.useContext ? { ...fields, section2: null } : fields;
}

/** GET /api/user-prompts: the caller's prompt as a list (none or one). */
export async function listPrompts(db: Db, caller: Actor, requestedUserId?: string) {
  assertSelf(caller, requestedUserId);
  const row = await repo.findPrompt(db, caller.id);
  return row ? [toPrompt(row)] : [];
}

export async function createPrompt(db: Db, caller: Actor, input: z.output<typeof promptInputSchema>) {
  const { userId, ...fields } = input;
  assertSelf(caller, userId);
  const row = await repo.insertPrompt(db, caller.id, withContextRule({ ...fields, section2: fields.section2 ?? null }));
  if (!row) throw conflict('CONFLICT', 'A prompt already exists for this account: update it instead');
  return toPrompt(row);
}

/** PATCH /api/user-prompts/{id}: only the caller's own prompt; another id is not found. */
export async function patchPrompt(db: Db, caller: Actor, id: string, input: z.output<typeof promptPatchSchema>) {
  const { userId, ...fields } = input;
  assertSelf(caller, userId);
  const current = await repo.findPrompt(db, caller.id);
  if (!current || current.id !== id) throw notFound();
  const row = await repo.updatePrompt(db, caller.id, withContextRule({ useContext: current.useContext, ...fields }));
  return toPrompt(row!);
}

/** The owner's instructions for drafts: the advanced sections when the prompt is enabled, else none. */
export async function ownerPrompt(db: Db, userId: string): Promise<string> {
  const row = await repo.findPrompt(db, userId);
  if (!row?.enabled) return '';
  const sections = [row.section1, row.useContext ? null : row.section2, row.section3, row.section4, row.section5, row.section6];
  return sections
    .filter((s): s is string => Boolean(s?.trim()))
    .join('\n\n')
    .slice(0, 20_000);
}

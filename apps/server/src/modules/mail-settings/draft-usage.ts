import type { DraftUsage } from '@app/shared/draft-review';
import type { ActorRef } from '../../access/actor';
import type { Db } from '../../db/client';
import { draftUsageByCategory } from '../../pipeline/ai-drafts';
import { requireAccount } from './mail-settings.service';

/** GET /api/email-settings/draft-usage: what became of the caller's AI drafts, per category (issue 39, item 6). */
export async function draftUsage(db: Db, caller: ActorRef, now = new Date()): Promise<DraftUsage> {
  const account = await requireAccount(db, caller);
  return { categories: await draftUsageByCategory(db, account.id, now) };
}

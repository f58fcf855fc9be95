import type { Grounding } from '../../ai/engine';
import type { Db } from '../../db/client';
import { pastReplies } from '../mail-settings/past-replies';
import { findProfile } from '../profiles/profiles.service';
import { ownerPrompt } from '../prompts/prompts.service';
import { retrieveKnowledge } from './knowledge.service';

/**
 * What drafts are grounded in, each part read by the module that owns it: the knowledge entries
 * (this module), the owner's prompt (prompts), past replies (mail settings) and time zone (profiles). The composition roots
 * hand it to the pipeline; the webmail's "Draft with AI", the replay and the assistant use it here.
 */
export function groundingFor(db: Db): Grounding {
  return {
    knowledge: (userId, text, limit) => retrieveKnowledge(db, userId, text, limit),
    ownerPrompt: (userId) => ownerPrompt(db, userId),
    pastReplies: (mailAccountId, text, limit) => pastReplies(db, mailAccountId, text, limit),
    ownerTimeZone: async (userId) => (await findProfile(db, userId))?.timeZone ?? null,
  };
}

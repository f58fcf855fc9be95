import { CATEGORY_ACTIONS } from '@app/shared/categories';
import type { Decision } from './classify';
import type { PlannedAction } from './pipeline.repository';

/** Mailbox response types (DESIGN §10): 0 disable, 1 instant reply, 2 save draft, 3 based on classification. */
export const RESPONSE_TYPES = { disable: 0, instantReply: 1, saveDraft: 2, byCategory: 3 } as const;

export interface PlanInput {
  responseType: number;
  isClassificationEnabled: boolean;
  decision: Decision;
  /** The folder the message sits in (the tracked folder). */
  folderId: string;
  /** The provider's Drafts folder id. */
  draftsFolderId: string | null;
}

/**
 * What to do with a classified message, in the order it is done: the reply or draft first, then the
 * forward, then the move (which changes the message's id in its folder). Instant reply and save
 * draft apply to every message; "based on classification" follows the category's action.
 */
export function planActions(input: PlanInput): PlannedAction[] {
  const category = input.isClassificationEnabled && input.decision.kind !== 'none' ? input.decision.category : null;
  const actions: PlannedAction[] = [];

  const response =
    input.responseType === RESPONSE_TYPES.instantReply
      ? 'reply'
      : input.responseType === RESPONSE_TYPES.saveDraft
        ? 'draft'
        : input.responseType === RESPONSE_TYPES.byCategory && category
          ? category.action === CATEGORY_ACTIONS.reply
            ? 'reply'
            : category.action === CATEGORY_ACTIONS.draft
              ? 'draft'
              : null
          : null;
  if (response === 'reply') actions.push({ kind: 'reply', target: {} });
  if (response === 'draft') {
    const folderId = category?.draftParentMailbox || input.draftsFolderId;
    actions.push(folderId ? { kind: 'draft', target: { folderId } } : { kind: 'draft', target: {}, skipped: 'no_drafts_folder' });
  }
  if (category?.forwardTo?.length) actions.push({ kind: 'forward', target: { to: category.forwardTo } });
  if (category && category.mailboxId !== input.folderId) actions.push({ kind: 'move', target: { folderId: category.mailboxId } });
  return actions;
}

import type { DryRunItem } from '@app/shared/dry-run';
import type { TFunction } from 'i18next';
import type { ErrorTable } from '@/lib/error-mapper';
import { i18n } from '@/lib/i18n';
import { heldReason } from '../components/activity-block';
import { mailErrorMessage } from './connect-error';

/** The lengths of a dry run offered, in days, and the one chosen first. */
export const DRY_RUN_DAY_CHOICES = [1, 3, 7, 14, 30] as const;
export const DRY_RUN_DEFAULT_DAYS = 7;

/** Why an action would have been held back: the dry run's own codes, else the activity's wording. */
const ownReasons = new Set(['NO_CREDITS', 'no_drafts_folder']);

export type DryRunAction = DryRunItem['actions'][number];

export function heldReasonText(t: TFunction, code: string | null) {
  if (code && ownReasons.has(code)) return t(`mailSettings.dryRun.heldReasons.${code}`);
  return t(`mailSettings.activity.heldReasons.${heldReason(code ?? '')}`);
}

/** What the assistant would have done with one action, in plain words. */
export function actionText(t: TFunction, action: DryRunAction) {
  if (action.status === 'skipped') {
    return t('mailSettings.dryRun.held', {
      action: t(`mailSettings.dryRun.actionNames.${action.kind}`),
      reason: heldReasonText(t, action.detail),
    });
  }
  return t(`mailSettings.dryRun.actions.${action.kind}`, { folder: action.folder ?? '—', to: action.to.join(', ') });
}

/** Where the assistant would have put the message. */
export function decisionText(t: TFunction, item: DryRunItem, categoryName: string | null) {
  if (item.skipReason === 'LIKELY_SPAM') return t('mailSettings.dryRun.likelySpam');
  if (categoryName) return t('mailSettings.dryRun.category', { name: categoryName });
  if (item.skipReason === 'NO_CREDITS') return t('mailSettings.dryRun.noCredits');
  return t('mailSettings.dryRun.noCategory');
}

/** The message in the webmail (it opens that folder and that message). */
export const webmailLink = (item: Pick<DryRunItem, 'folder' | 'uid'>) =>
  `/inbox?${new URLSearchParams({ folder: item.folder, uid: item.uid }).toString()}`;

/**
 * A failed review in the current language: the server's message is an i18n key, translated for a 404
 * too (the shared mapper keeps the server's text for 400s only), else the feature's usual mapping.
 */
const dryRunErrors: ErrorTable = {
  serverMessage: ({ message }) => message.startsWith('mailSettings.dryRun.') && i18n.exists(message),
};

export const dryRunErrorMessage = (error: unknown) => mailErrorMessage(error, dryRunErrors);

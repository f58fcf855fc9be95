import type { Category } from '@app/shared/categories';
import type { MailSetting } from '@app/shared/mail-settings';

/** What /email-settings/categories receives in navigation state (spec 02 §2). */
export type CategoryFormState = { account: MailSetting; provider: MailSetting['provider']; category?: Category };

export function readCategoryFormState(state: unknown): Partial<CategoryFormState> {
  if (!state || typeof state !== 'object') return {};
  const { account, provider, category } = state as Partial<CategoryFormState>;
  return {
    ...(account && typeof account === 'object' && typeof account._id === 'string' && { account }),
    ...(typeof provider === 'string' && { provider }),
    ...(category && typeof category === 'object' && typeof category.id === 'string' && { category }),
  };
}

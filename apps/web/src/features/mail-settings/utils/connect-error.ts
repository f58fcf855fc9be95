import { MAIL_CONNECT_REASONS } from '@app/shared/mail-settings';
import { errorMessageOf, type ErrorTable, translateServerMessage } from '@/lib/error-mapper';
import { i18n } from '@/lib/i18n';
import { ApiRequestError } from '@/lib/api-client';

const STAGES = ['imap', 'smtp', 'oauth'] as const;

/** Codes of the mail-settings endpoints that have their own text (spec 02 §8 names some keys). */
const codeKeys: Record<string, string> = {
  MAIL_ACCOUNT_EXISTS: 'mailSettings.errors.mailAccountExists',
  PROVIDER_NOT_CONFIGURED: 'mailSettings.errors.providerNotConfigured',
  INVALID_OAUTH_STATE: 'mailSettings.errors.invalidOauthState',
  MAIL_ACCOUNT_MISSING: 'mailSettings.accountEmailSettingEroor',
  STARTER_PLAN_LIMIT: 'mailSettings.messages.starterPlanLimit',
  MAILBOX_FOLDER_FAILED: 'categories.errors.folderFailed',
};

/**
 * The text for a failed mail-settings call, in the current language: a failed login names its stage
 * and reason ("IMAP login failed: the username or password was refused."), known codes have their
 * own text, anything else goes through the shared error mapper (with `table`'s own rules, if any).
 */
export function mailErrorMessage(error: unknown, table: ErrorTable = {}): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'MAIL_CONNECTION_FAILED') {
      const stage = STAGES.find((s) => s === error.detail('stage')) ?? 'imap';
      const reason = MAIL_CONNECT_REASONS.find((r) => r === error.detail('reason'));
      if (reason) return i18n.t(`mailSettings.connectError.${stage}.${reason}`);
      return error.message ? translateServerMessage(error.message) : i18n.t(`mailSettings.connectError.${stage}.unknown`);
    }
    if (error.code === 'PLAIN_CONNECTION_REFUSED') {
      return i18n.t(
        error.detail('reason') === 'public_host' ? 'mailSettings.errors.plainPublicHost' : 'mailSettings.errors.plainNotAllowed',
      );
    }
  }
  return errorMessageOf(error, { ...table, codes: codeKeys });
}

import { ApiRequestError } from '@/lib/api-client';
import { mapApiError, translateServerMessage } from '@/lib/error-mapper';
import { i18n } from '@/lib/i18n';

/**
 * The text of a billing error: our own translation of the server's code when we have one, else the
 * server's message (Stripe's card messages), else the API error mapper's text (spec 01 §8).
 */
export function billingMessage(code: string | undefined, message: string | undefined): string {
  if (code && i18n.exists(`billing.errors.${code}`)) return i18n.t(`billing.errors.${code}`);
  if (message) return translateServerMessage(message);
  return i18n.t('billing.invalidRequest');
}

export function billingErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return billingMessage(error.code, error.message || mapApiError(error).message);
  return mapApiError(error).message;
}

import { ApiRequestError } from '@/lib/api-client';
import { errorMessageOf, translateServerMessage } from '@/lib/error-mapper';
import { i18n } from '@/lib/i18n';

/** Our own translation of a server's billing code, when we have one. */
const codeText = (code: string | undefined) =>
  code && i18n.exists(`billing.errors.${code}`) ? i18n.t(`billing.errors.${code}`) : null;

/** The text of a billing answer that failed: by its code, else its message (Stripe's card messages). */
export function billingMessage(code: string | undefined, message: string | undefined): string {
  return codeText(code) ?? (message ? translateServerMessage(message) : i18n.t('billing.invalidRequest'));
}

/**
 * The text of a billing error: by its code, else the server's message, else the API error mapper's
 * text (spec 01 §8).
 */
export function billingErrorMessage(error: unknown): string {
  return (error instanceof ApiRequestError ? codeText(error.code) : null) ?? errorMessageOf(error, { serverMessage: true });
}

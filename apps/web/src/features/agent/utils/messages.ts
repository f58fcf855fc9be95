import { ApiRequestError } from '@/lib/api-client';
import { errorMessageOf, type ErrorTable } from '@/lib/error-mapper';
import { i18n } from '@/lib/i18n';

/** Server codes the chat says in the user's language. */
const KNOWN_CODES = new Set(['ASSISTANT_RATE_LIMIT', 'AI_UNAVAILABLE']);

/** Any other refusal: the service's message, or 'Invalid request parameters' when it gave none. */
const chatErrors: ErrorTable = { serverMessage: true, fallback: 'agent.errors.invalidRequest' };

/**
 * The chat's red alert (spec 02 §8): the service's message when it refused (success false or an HTTP
 * error), the serialised error otherwise.
 */
export function chatErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return String(error);
  if (KNOWN_CODES.has(error.code)) {
    return i18n.t(`agent.errors.${error.code}`, { seconds: error.details.retryAfter ?? 60 });
  }
  return errorMessageOf(error, chatErrors);
}

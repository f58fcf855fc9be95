import { ApiRequestError } from '@/lib/api-client';
import { translateServerMessage } from '@/lib/error-mapper';
import { i18n } from '@/lib/i18n';

/** Server codes the chat says in the user's language. */
const KNOWN_CODES = new Set(['ASSISTANT_RATE_LIMIT', 'AI_UNAVAILABLE']);

/**
 * The chat's red alert (spec 02 §8): the service's message when it refused (success false or an HTTP
 * error; 'Invalid request parameters' when it gave none), the serialised error otherwise.
 */
export function chatErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (KNOWN_CODES.has(error.code)) {
      return i18n.t(`agent.errors.${error.code}`, { seconds: error.details.retryAfter ?? 60 });
    }
    return error.message ? translateServerMessage(error.message) : i18n.t('agent.errors.invalidRequest');
  }
  return String(error);
}

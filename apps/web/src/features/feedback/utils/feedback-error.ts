import { ApiRequestError } from '@/lib/api-client';

/**
 * The i18n key of a failed send (spec 02 §8): the rate limit and validation answers have their own
 * text, any other API failure the spec's error, and anything else its "unexpected" text.
 */
export function feedbackErrorKey(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'feedback.errors.unexpected';
  if (error.code === 'FEEDBACK_RATE_LIMIT') return 'feedback.errors.FEEDBACK_RATE_LIMIT';
  if (error.status === 400 && error.message.startsWith('feedback.validation.')) return error.message;
  return 'feedback.errors.failed';
}

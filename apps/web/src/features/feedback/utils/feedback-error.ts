import type { ErrorTable } from '@/lib/error-mapper';

/**
 * The texts of a failed send (spec 02 §8), for `errorKeyOf`: the rate limit and validation answers
 * have their own text, any other API failure the spec's error, and anything else its "unexpected" text.
 */
export const feedbackErrors: ErrorTable = {
  codes: { FEEDBACK_RATE_LIMIT: 'feedback.errors.FEEDBACK_RATE_LIMIT' },
  serverMessage: ({ status, message }) => status === 400 && message.startsWith('feedback.validation.'),
  fallback: 'feedback.errors.failed',
  unexpected: 'feedback.errors.unexpected',
};

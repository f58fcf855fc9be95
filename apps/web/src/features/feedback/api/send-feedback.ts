import { feedbackSchema, type feedbackInputSchema } from '@app/shared/feedback';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type FeedbackValues = z.output<typeof feedbackInputSchema>;

/** POST /api/feedback with name, email and message. */
export const sendFeedback = (values: FeedbackValues) =>
  apiRequest('/api/feedback', { method: 'POST', body: values, schema: feedbackSchema });

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}

import type { AiCategorizationInput } from '@app/shared/categories';
import type { MailSetting } from '@app/shared/mail-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

const answerSchema = z.object({ success: z.literal(true), batchCategorizeStatus: z.string().default('QUEUED') });

/** POST /api/email-settings/ai-categorization: queues the AI proposal of categories. */
export const requestAiCategorization = (body: AiCategorizationInput) =>
  apiRequest('/api/email-settings/ai-categorization', { method: 'POST', body, schema: answerSchema });

/** On success the setting's batchCategorizeStatus becomes QUEUED at once (then it is polled). */
export function useRequestAiCategorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAiCategorization,
    onSuccess: ({ batchCategorizeStatus }) =>
      queryClient.setQueryData<MailSetting | null>(mailSettingsKeys.setting(), (current) =>
        current ? { ...current, batchCategorizeStatus: batchCategorizeStatus || 'QUEUED' } : current,
      ),
  });
}

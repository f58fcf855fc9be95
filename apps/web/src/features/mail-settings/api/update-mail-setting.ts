import { updateMailSettingResponseSchema, type MailSetting, type UpdateMailSettingInput } from '@app/shared/mail-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

/** PUT /api/email-settings with the setting id and the changed fields; answers the setting (+ a code). */
export const updateMailSetting = (body: UpdateMailSettingInput) =>
  apiRequest('/api/email-settings', { method: 'PUT', body, schema: updateMailSettingResponseSchema });

/** The answer is merged into the cached setting, unless it carries STARTER_PLAN_LIMIT. */
export function useUpdateMailSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailSetting,
    onSuccess: ({ code, ...answer }) => {
      if (code === 'STARTER_PLAN_LIMIT') return;
      queryClient.setQueryData<MailSetting | null>(mailSettingsKeys.setting(), (current) =>
        current ? { ...current, ...answer } : answer,
      );
    },
  });
}

import { verifyMailSettingSchema } from '@app/shared/mail-settings';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/email-settings/verify: logs in to the mailbox again; run on demand, never cached. */
export const verifyMailSetting = () => apiRequest('/api/email-settings/verify', { schema: verifyMailSettingSchema });

export function useVerifyMailSetting() {
  return useMutation({ mutationFn: verifyMailSetting });
}

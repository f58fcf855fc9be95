import { verifyMailSettingSchema } from '@app/shared/mail-settings';
import { useMutation } from '@tanstack/react-query';
import { mailRequest } from '../utils/request';

/** GET /api/email-settings/verify: logs in to the mailbox again; run on demand, never cached. */
export const verifyMailSetting = () => mailRequest('/api/email-settings/verify', { schema: verifyMailSettingSchema });

export function useVerifyMailSetting() {
  return useMutation({ mutationFn: verifyMailSetting });
}

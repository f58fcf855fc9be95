import { mailSettingSchema, type ConnectMailboxInput } from '@app/shared/mail-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/lib/session';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

/** POST /api/email-settings: connects the mailbox (smtp settings, or an OAuth code and state). */
export const connectMailbox = (body: ConnectMailboxInput) =>
  apiRequest('/api/email-settings', { method: 'POST', body, schema: mailSettingSchema });

export function useConnectMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectMailbox,
    onSuccess: async (setting) => {
      queryClient.setQueryData(mailSettingsKeys.setting(), setting);
      // The session's settings.provider changes: the guards read it.
      await queryClient.invalidateQueries(sessionQueryOptions);
    },
  });
}

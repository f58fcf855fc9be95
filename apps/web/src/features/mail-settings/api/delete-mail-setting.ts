import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/lib/session';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

/** DELETE /api/email-settings (with a JSON body, as every mutation). */
export const deleteMailSetting = () => apiRequest<{ success: true }>('/api/email-settings', { method: 'DELETE', body: {} });

export function useDeleteMailSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMailSetting,
    onSuccess: async () => {
      queryClient.setQueryData(mailSettingsKeys.setting(), null);
      queryClient.removeQueries({ queryKey: mailSettingsKeys.categories() });
      await queryClient.invalidateQueries(sessionQueryOptions);
    },
  });
}

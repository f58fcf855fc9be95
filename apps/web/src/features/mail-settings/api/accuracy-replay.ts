import { accuracyReplayOfferSchema } from '@app/shared/accuracy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export const getAccuracyReplay = () => apiRequest('/api/email-settings/accuracy/replay', { schema: accuracyReplayOfferSchema });

export const requestAccuracyReplay = () =>
  apiRequest('/api/email-settings/accuracy/replay', { method: 'POST', schema: accuracyReplayOfferSchema });

/** GET /api/email-settings/accuracy/replay: what measuring with the AI provider may cost (AI provider only). */
export function useAccuracyReplay(enabled: boolean) {
  return useQuery({ queryKey: mailSettingsKeys.accuracyReplay(), queryFn: getAccuracyReplay, enabled });
}

/** POST /api/email-settings/accuracy/replay: the owner's go; the initialisation starts and replays. */
export function useRequestAccuracyReplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAccuracyReplay,
    onSuccess: async (offer) => {
      queryClient.setQueryData(mailSettingsKeys.accuracyReplay(), offer);
      await queryClient.invalidateQueries({ queryKey: mailSettingsKeys.setting() });
    },
  });
}

import { type AiProviderInput, aiProviderViewSchema, aiUsageSchema } from '@app/shared/ai-provider';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './keys';

/** GET /api/ai-provider: the engine answering for the caller now, and their own provider (never its key). */
export const getAiProvider = () => apiRequest('/api/ai-provider', { schema: aiProviderViewSchema });

/** GET /api/ai-provider/usage: the caller's AI calls, tokens and credits per day, newest first. */
export const getAiUsage = () => apiRequest('/api/ai-provider/usage', { schema: aiUsageSchema });

/** PUT /api/ai-provider: the server tests the provider with one call, then saves it (400 with an i18n key otherwise). */
export const saveAiProvider = (input: AiProviderInput) =>
  apiRequest('/api/ai-provider', { method: 'PUT', body: input, schema: aiProviderViewSchema });

/** DELETE /api/ai-provider: back to the service's default engine. */
export const removeAiProvider = () => apiRequest<{ success: true }>('/api/ai-provider', { method: 'DELETE' });

export function useAiProvider() {
  return useQuery({ queryKey: profileKeys.aiProvider, queryFn: getAiProvider });
}

export function useAiUsage() {
  return useQuery({ queryKey: profileKeys.aiUsage, queryFn: getAiUsage });
}

export function useSaveAiProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAiProvider,
    onSuccess: (view) => {
      queryClient.setQueryData(profileKeys.aiProvider, view);
      // The test call may count in the usage; the save does not wait for it.
      void queryClient.invalidateQueries({ queryKey: profileKeys.aiUsage });
    },
  });
}

export function useRemoveAiProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAiProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.aiProvider }),
  });
}

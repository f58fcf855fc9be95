import { draftUsageSchema } from '@app/shared/draft-review';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export const getDraftUsage = () => apiRequest('/api/email-settings/draft-usage', { schema: draftUsageSchema });

export const draftUsageQueryOptions = queryOptions({
  queryKey: mailSettingsKeys.draftUsage(),
  queryFn: getDraftUsage,
});

/**
 * GET /api/email-settings/draft-usage (issue 39, item 6): per category, what became of the AI drafts
 * the assistant wrote — sent unchanged, edited, rewritten, discarded, or still waiting.
 */
export function useDraftUsage(enabled: boolean) {
  return useQuery({ ...draftUsageQueryOptions, enabled });
}

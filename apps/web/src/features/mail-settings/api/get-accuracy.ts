import { accuracyReportSchema } from '@app/shared/accuracy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export const getAccuracy = () => apiRequest('/api/email-settings/accuracy', { schema: accuracyReportSchema.nullable() });

export const accuracyQueryOptions = queryOptions({
  queryKey: mailSettingsKeys.accuracy(),
  queryFn: getAccuracy,
});

/**
 * GET /api/email-settings/accuracy: how the assistant would have filed the owner's past mail (null
 * before the first measure). Measured again at each initialisation, which the live events announce.
 */
export function useAccuracy(enabled: boolean) {
  return useQuery({ ...accuracyQueryOptions, enabled });
}

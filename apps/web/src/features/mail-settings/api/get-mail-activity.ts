import { mailActivitySchema } from '@app/shared/mail-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export const getMailActivity = () => apiRequest('/api/email-settings/activity', { schema: mailActivitySchema });

/** The activity is refreshed this often while the settings screen is open. */
export const ACTIVITY_POLL_MS = 10_000;

export const mailActivityQueryOptions = queryOptions({
  queryKey: mailSettingsKeys.activity(),
  queryFn: getMailActivity,
  refetchInterval: ACTIVITY_POLL_MS,
});

/** GET /api/email-settings/activity: the last day's processing and the sends in doubt. */
export function useMailActivity(enabled: boolean) {
  return useQuery({ ...mailActivityQueryOptions, enabled });
}

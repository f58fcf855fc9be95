import { dryRunPageSchema } from '@app/shared/dry-run';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export const getDryRun = (page: number) =>
  apiRequest('/api/email-settings/dry-run', { query: { page }, schema: dryRunPageSchema });

/** While the dry run lasts its record is asked again this often, should the live events not come. */
export const DRY_RUN_POLL_MS = 30_000;

export const dryRunQueryOptions = (page: number) =>
  queryOptions({
    queryKey: mailSettingsKeys.dryRunPage(page),
    queryFn: () => getDryRun(page),
    // Paging keeps the page on screen until the next one comes.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.until ? DRY_RUN_POLL_MS : false),
  });

/** GET /api/email-settings/dry-run: the dry run's state and one page of what it recorded, newest first. */
export function useDryRun(page: number, enabled: boolean) {
  return useQuery({ ...dryRunQueryOptions(page), enabled });
}

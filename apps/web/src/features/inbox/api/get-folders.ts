import type { MailboxFolder } from '@app/shared/mailbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './keys';

/** Typed, not parsed again: see `lib/api-client.ts`. */
export const getFolders = () => apiRequest<MailboxFolder[]>('/api/mailbox/folders');

export const foldersQueryOptions = () =>
  queryOptions({ queryKey: mailboxKeys.folders(), queryFn: getFolders, staleTime: 30_000 });

export function useFolders() {
  return useQuery(foldersQueryOptions());
}

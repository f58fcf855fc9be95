import type { MailboxPage } from '@app/shared/mailbox';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys, type MailboxPageParams } from './keys';

/** Typed, not parsed again: see `lib/api-client.ts`. */
export const getMailboxPage = ({ folder, page, search }: MailboxPageParams) =>
  apiRequest<MailboxPage>('/api/mailbox', { query: { folder, page, search: search || undefined } });

export const mailboxPageQueryOptions = (params: MailboxPageParams) =>
  queryOptions({
    queryKey: mailboxKeys.list(params),
    queryFn: () => getMailboxPage(params),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function useMailboxPage(params: MailboxPageParams) {
  return useQuery(mailboxPageQueryOptions(params));
}

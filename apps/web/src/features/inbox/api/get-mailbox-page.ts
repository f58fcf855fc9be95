import { mailboxPageSchema } from '@app/shared/mailbox';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type MailboxPageParams = { folder: string; page: number; search: string };

export const getMailboxPage = ({ folder, page, search }: MailboxPageParams) =>
  apiRequest('/api/mailbox', { query: { folder, page, search: search || undefined }, schema: mailboxPageSchema });

export const mailboxPageQueryOptions = (params: MailboxPageParams) =>
  queryOptions({
    queryKey: ['mailbox', 'list', params],
    queryFn: () => getMailboxPage(params),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function useMailboxPage(params: MailboxPageParams) {
  return useQuery(mailboxPageQueryOptions(params));
}

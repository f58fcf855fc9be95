import type { MessageDetail } from '@app/shared/mailbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './keys';

/**
 * Reads without marking read: rows are fetched ahead of opening; opening marks them read itself.
 * Typed, not parsed again: see `lib/api-client.ts`.
 */
export const getMessage = (folder: string, uid: string) =>
  apiRequest<MessageDetail>(`/api/mailbox/messages/${encodeURIComponent(uid)}`, { query: { folder, peek: '1' } });

export const messageQueryOptions = (folder: string, uid: string) =>
  queryOptions({ queryKey: mailboxKeys.message(folder, uid), queryFn: () => getMessage(folder, uid), staleTime: 60_000 });

export function useMessage(folder: string, uid: string | null) {
  return useQuery({ ...messageQueryOptions(folder, uid ?? ''), enabled: uid !== null });
}

/** Where the sanitized body is served (its own CSP), for the sandboxed iframe. */
export const messageBodyUrl = (folder: string, uid: string, images: boolean) =>
  `/api/mailbox/messages/${encodeURIComponent(uid)}/body?folder=${encodeURIComponent(folder)}&images=${images ? 1 : 0}`;

export const attachmentUrl = (folder: string, uid: string, index: number) =>
  `/api/mailbox/messages/${encodeURIComponent(uid)}/attachments/${index}?folder=${encodeURIComponent(folder)}`;

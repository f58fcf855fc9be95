import { mailboxFolderSchema } from '@app/shared/mailbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const getFolders = () => apiRequest('/api/mailbox/folders', { schema: z.array(mailboxFolderSchema) });

export const foldersQueryOptions = () =>
  queryOptions({ queryKey: ['mailbox', 'folders'], queryFn: getFolders, staleTime: 30_000 });

export function useFolders() {
  return useQuery(foldersQueryOptions());
}

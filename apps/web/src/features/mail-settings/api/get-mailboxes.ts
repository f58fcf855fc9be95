import { mailboxNodeSchema } from '@app/shared/mail-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

const mailboxesSchema = z.object({ mailboxes: z.array(mailboxNodeSchema) });

export const getMailboxes = (settingId: string) =>
  apiRequest(`/api/${encodeURIComponent(settingId)}/email-settings/mailboxes`, { schema: mailboxesSchema }).then(
    (answer) => answer.mailboxes,
  );

export const mailboxesQueryOptions = (settingId: string) =>
  queryOptions({ queryKey: mailSettingsKeys.mailboxes(settingId), queryFn: () => getMailboxes(settingId), staleTime: 60_000 });

/** The mailbox's folder (or label) tree, read from the provider. */
export function useMailboxes(settingId: string | undefined) {
  return useQuery({ ...mailboxesQueryOptions(settingId ?? ''), enabled: !!settingId });
}

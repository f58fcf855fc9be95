import { draftSavedSchema, sendResultSchema } from '@app/shared/mailbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, ApiRequestError } from '@/lib/api-client';
import type { ComposeDraft } from '../utils/compose-draft';
import { mailboxKeys } from './keys';

/** The draft's fields as they are sent, with the files to attach. */
export type OutgoingMessage = Omit<ComposeDraft, 'mode' | 'forwarded' | 'aiSource' | 'aiReview'> & { attachments: File[] };

/** JSON without attachments; multipart with them (the server streams and counts the files). */
export async function postMessage<T>(path: string, message: OutgoingMessage, schema: z.ZodType<T>): Promise<T> {
  const { attachments, ...fields } = message;
  if (!attachments.length) return apiRequest(path, { method: 'POST', body: fields, schema });
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) value.forEach((v) => form.append(key, v));
    else if (value !== undefined) form.append(key, value);
  }
  for (const file of attachments) form.append('attachments', file, file.name);
  const response = await fetch(path, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (!response.ok) throw new ApiRequestError(response.status, body?.code ?? '', body?.message ?? '');
  return schema.parse(body);
}

/** Sends; a draft the message was written from (`draftUid`) is deleted by the server once it has left. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: OutgoingMessage) => postMessage('/api/mailbox/messages/send', message, sendResultSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}

/** Saves a draft in place of the one it replaces (`draftUid`); answers where the new version is. */
export const saveDraft = (message: OutgoingMessage) => postMessage('/api/mailbox/messages/draft', message, draftSavedSchema);

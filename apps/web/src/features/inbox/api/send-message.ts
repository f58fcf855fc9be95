import { sendResultSchema } from '@app/shared/mailbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '@/lib/api-client';
import type { ComposeDraft } from '../utils/compose-draft';

/** The draft's fields as they are sent, with the files to attach. */
export type OutgoingMessage = Omit<ComposeDraft, 'mode' | 'forwarded'> & { attachments: File[] };

/** JSON without attachments; multipart with them (the server streams and counts the files). */
export async function postMessage(path: string, message: OutgoingMessage) {
  const { attachments, ...fields } = message;
  if (!attachments.length) return apiRequest(path, { method: 'POST', body: fields, schema: sendResultSchema });
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
  return sendResultSchema.parse(body);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: OutgoingMessage) => postMessage('/api/mailbox/messages/send', message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mailbox'] }),
  });
}

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: OutgoingMessage) => postMessage('/api/mailbox/messages/draft', message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mailbox'] }),
  });
}

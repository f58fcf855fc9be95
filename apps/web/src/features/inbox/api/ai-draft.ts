import type { AiDraft } from '@app/shared/mailbox';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** "Draft with AI": the active engine's reply to the message answered or forwarded (costs credits). */
export const requestAiDraft = ({ uid, folder }: { uid: string; folder: string }) =>
  apiRequest<AiDraft>(`/api/mailbox/messages/${encodeURIComponent(uid)}/ai-draft`, { method: 'POST', body: { folder } });

export function useAiDraft() {
  return useMutation({ mutationFn: requestAiDraft });
}

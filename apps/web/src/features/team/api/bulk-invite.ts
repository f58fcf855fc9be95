import { BULK_BATCH_SIZE, invitationListSchema } from '@app/shared/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { BulkRow } from '../utils/csv-validation';
import { invitationKeys } from './keys';

/** POST /api/invitations/bulk: one batch of at most BULK_BATCH_SIZE rows, all saved or none. */
export const bulkInvite = (invitations: BulkRow[]) =>
  apiRequest('/api/invitations/bulk', { method: 'POST', body: { invitations }, schema: invitationListSchema });

export type BulkUpload = {
  rows: BulkRow[];
  /** After each accepted batch, with the rows still to send. */
  onBatch: (remaining: BulkRow[]) => void;
};

/**
 * Sends the rows in batches, one after the other. A refused batch stops the upload: the batches
 * before it are saved (and mailed), the rows from it on are still to send.
 */
export async function uploadInBatches({ rows, onBatch }: BulkUpload) {
  let remaining = rows;
  /** Saved, but their mail was refused (status FAILED): Resend in the list sends them again. */
  let mailFailed = 0;
  while (remaining.length) {
    const { invitations } = await bulkInvite(remaining.slice(0, BULK_BATCH_SIZE));
    mailFailed += invitations.filter((invitation) => invitation.status === 'FAILED').length;
    remaining = remaining.slice(BULK_BATCH_SIZE);
    onBatch(remaining);
  }
  return { mailFailed };
}

export function useBulkInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadInBatches,
    // Whatever happened, some batches may have been saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

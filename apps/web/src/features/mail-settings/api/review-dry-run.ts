import type { DryRunVerdict } from '@app/shared/dry-run';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export type DryRunReview = { id: string; verdict: DryRunVerdict };

/** PUT /api/email-settings/dry-run/{id}: the owner's verdict on what the assistant would have done. */
export const reviewDryRun = ({ id, verdict }: DryRunReview) =>
  apiRequest(`/api/email-settings/dry-run/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: verdict,
    schema: z.object({ success: z.literal(true) }),
  });

/**
 * The record is fetched again before the mutation settles (the verdict shows as it ends). A wrong one
 * is a correction: the activity lists it and the setting's initialisation runs again to learn it.
 */
export function useReviewDryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDryRun,
    onSuccess: async (_answer, { verdict }) => {
      const keys = verdict.verdict === 'wrong' ? [mailSettingsKeys.activity(), mailSettingsKeys.setting()] : [];
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: mailSettingsKeys.dryRun() });
    },
  });
}

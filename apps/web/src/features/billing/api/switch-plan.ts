import { switchPlanResponseSchema, type SwitchPlanInput } from '@app/shared/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/users/{userId}/subscriptions/switch: the paid plan changed in place (or a payment to confirm). */
export const switchPlan = (userId: string, input: SwitchPlanInput) =>
  apiRequest(`/api/users/${encodeURIComponent(userId)}/subscriptions/switch`, {
    method: 'POST',
    body: input,
    schema: switchPlanResponseSchema,
  });

export function useSwitchPlan(userId: string) {
  return useMutation({ mutationFn: (input: SwitchPlanInput) => switchPlan(userId, input) });
}

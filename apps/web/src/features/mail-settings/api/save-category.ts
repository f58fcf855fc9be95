import { categorySchema, type CategoryValues } from '@app/shared/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

/** POST /api/email-settings/categories creates; PUT /api/email-settings/categories/{id} updates. */
export const saveCategory = ({ id, values }: { id: string | null; values: CategoryValues }) =>
  id
    ? apiRequest(`/api/email-settings/categories/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: values,
        schema: categorySchema,
      })
    : apiRequest('/api/email-settings/categories', { method: 'POST', body: values, schema: categorySchema });

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    // The new folder shows in the mailbox tree too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailSettingsKeys.all }),
  });
}

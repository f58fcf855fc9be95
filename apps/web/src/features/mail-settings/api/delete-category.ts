import type { Category } from '@app/shared/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export const deleteCategory = (id: string) =>
  apiRequest<{ success: true }>(`/api/email-settings/categories/${encodeURIComponent(id)}`, { method: 'DELETE', body: {} });

/** The row leaves the table only once the server has deleted the category. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Category[]>(mailSettingsKeys.categories(), (list) => list?.filter((c) => c.id !== id)),
  });
}

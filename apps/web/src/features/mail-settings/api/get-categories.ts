import { categorySchema } from '@app/shared/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export const getCategories = () => apiRequest('/api/email-settings/categories', { schema: z.array(categorySchema) });

export const categoriesQueryOptions = queryOptions({ queryKey: mailSettingsKeys.categories(), queryFn: getCategories });

/** The classification categories; loaded only when classification is enabled. */
export function useCategories(enabled: boolean) {
  return useQuery({ ...categoriesQueryOptions, enabled });
}

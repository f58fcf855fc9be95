import { enterpriseCategoriesSchema } from '@app/shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './keys';

export type CategoryLanguage = 'en' | 'fr' | 'es';

export const getEnterpriseCategories = (lang: CategoryLanguage) =>
  apiRequest('/api/enterprise-categories', { query: { lang }, schema: enterpriseCategoriesSchema });

export const enterpriseCategoriesQueryOptions = (lang: CategoryLanguage) =>
  queryOptions({
    queryKey: profileKeys.enterpriseCategories(lang),
    queryFn: () => getEnterpriseCategories(lang),
    staleTime: Infinity,
  });

export function useEnterpriseCategories(lang: CategoryLanguage) {
  return useQuery(enterpriseCategoriesQueryOptions(lang));
}

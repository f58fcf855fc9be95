import { mailDiscoverySchema } from '@app/shared/mail-discovery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

/** GET /api/email-settings/discover: the servers the domain's DNS names, for an address with no bundled preset. */
export const discoverMailServers = (email: string) =>
  apiRequest('/api/email-settings/discover', { query: { email }, schema: mailDiscoverySchema });

export const mailDiscoveryQueryOptions = (email: string) =>
  queryOptions({
    queryKey: mailSettingsKeys.discovery(email.toLowerCase()),
    queryFn: () => discoverMailServers(email),
    staleTime: 10 * 60_000,
    // A guess that failed is no guess: the user fills the fields in.
    retry: false,
  });

/** The guess for `email`; nothing is asked while it is null. */
export function useMailDiscovery(email: string | null) {
  return useQuery({ ...mailDiscoveryQueryOptions(email ?? ''), enabled: email !== null });
}

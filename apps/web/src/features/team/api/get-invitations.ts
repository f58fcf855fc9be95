import { invitationListSchema } from '@app/shared/invitations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invitationKeys, type InvitationListParams } from './keys';

/** GET /api/invitations: the owner's invitations, newest first, with the total for the pager. */
export const getInvitations = ({ page, limit, searchTerm }: InvitationListParams) =>
  apiRequest('/api/invitations', { query: { page, limit, searchTerm }, schema: invitationListSchema });

export const invitationsQueryOptions = (params: InvitationListParams) =>
  queryOptions({
    queryKey: invitationKeys.list(params),
    queryFn: () => getInvitations(params),
    placeholderData: keepPreviousData,
  });

export function useInvitations(params: InvitationListParams) {
  return useQuery(invitationsQueryOptions(params));
}

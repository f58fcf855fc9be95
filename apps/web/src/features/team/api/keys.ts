export type InvitationListParams = { page: number; limit: number; searchTerm: string };

export const invitationKeys = {
  all: ['invitations'] as const,
  list: (params: InvitationListParams) => ['invitations', 'list', params] as const,
  verify: (token: string) => ['invitations', 'verify', token] as const,
};

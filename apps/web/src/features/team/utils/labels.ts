import type { ConnectionMethod, InvitationStatus } from '@app/shared/invitations';
import type { BadgeVariant } from '@/components/ui/badge';

/** i18n keys of the connection methods ('email/password' cannot be a key segment as it is). */
export const methodKeys: Record<ConnectionMethod, string> = {
  'email/password': 'team.methods.emailPassword',
  microsoft: 'team.methods.microsoft',
  google: 'team.methods.google',
};

export const statusVariants: Record<InvitationStatus, BadgeVariant> = {
  PENDING: 'warning',
  SENT: 'info',
  ACCEPTED: 'success',
  REJECTED: 'destructive',
  FAILED: 'destructive',
  EXPIRED: 'neutral',
  DELETED: 'neutral',
};

/** How the owner signs in, from the session's providers (the password first). */
export function ownerMethod(providers: readonly string[]): ConnectionMethod {
  if (providers.includes('credential') || providers.length === 0) return 'email/password';
  return providers.includes('google') ? 'google' : providers.includes('microsoft') ? 'microsoft' : 'email/password';
}

import type { SessionUser } from '@app/shared/auth';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session';

/** Spec 02 §6: the team screens are the owner's (members never see the Users entry; a typed URL lands on /home). */
export function OwnersOnly({ children }: { children: (owner: SessionUser) => ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user || user.referrerId !== null) return <Navigate to="/home" replace />;
  return children(user);
}

/** The bulk upload is offered when billing is off (unlimited team) or on the BIZ plan (spec 02 §6). */
export function canBulkInvite(user: Pick<SessionUser, 'billable' | 'plan'>) {
  return !user.billable || user.plan.toLowerCase() === 'biz';
}

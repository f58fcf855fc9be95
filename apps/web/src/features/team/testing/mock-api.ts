import type { SessionUser } from '@app/shared/auth';
import type { Invitation } from '@app/shared/invitations';
import { sessionUser as baseSessionUser } from '@/test/mock-api';

/** The team screens' owner: on BIZ with a mailbox. */
export const sessionUser = (patch: Partial<SessionUser> = {}): SessionUser =>
  baseSessionUser({
    uid: 'owner-1',
    plan: 'biz',
    createdAt: '2025-01-02T10:00:00.000Z',
    settings: { provider: 'smtp' },
    ...patch,
  });

export const invitation = (patch: Partial<Invitation> = {}): Invitation => ({
  _id: 'inv-1',
  id: 'inv-1',
  email: 'member@example.com',
  firstName: 'Mia',
  lastName: 'Member',
  connectionMethod: 'email/password',
  status: 'SENT',
  createdAt: '2025-03-04T10:00:00.000Z',
  referrerId: 'owner-1',
  userId: null,
  uid: null,
  metadata: { hasAiConfig: true },
  role: 'User',
  ...patch,
});

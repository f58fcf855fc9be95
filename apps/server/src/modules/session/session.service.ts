import type { SessionUser } from '@app/shared/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema/index';
import { notFound } from '../../errors';
import { creditsExhausted } from '../../credits/ledger';
import { membersQuotaExceeded } from '../invitations/invitations.service';
import { connectedProvider } from '../mail-settings/mail-settings.service';
import { findProfile } from '../profiles/profiles.service';
import { planAndCreditAccount } from '../subscriptions/subscriptions.service';

/** The session user of spec 01 §3, assembled on the server from the user, profile and plan. */
export async function sessionUser(db: Db, userId: string, billingEnabled: boolean): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const [profile, { plan, credits }, providers, mailProvider] = await Promise.all([
    findProfile(db, userId),
    planAndCreditAccount(db, user, billingEnabled),
    db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId)),
    connectedProvider(db, userId),
  ]);
  const [creditsExceeded, emailAddressesExceeded] = await Promise.all([
    // Quota banners are the owner's (spec 02 §2): members see none.
    user.referrerId === null && creditsExhausted(db, credits),
    membersQuotaExceeded(db, user, plan.plan),
  ]);
  return {
    uid: user.id,
    profileId: profile?.id ?? null,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: profile?.phoneNumber ?? null,
    businessSector: profile?.businessSector ?? null,
    role: profile?.role ?? null,
    website: profile?.website ?? null,
    language: profile?.language ?? null,
    timeZone: profile?.timeZone ?? null,
    ...plan,
    quota: { exceeded: { credits: creditsExceeded, emailAddresses: emailAddressesExceeded } },
    referrerId: user.referrerId,
    // DESIGN §10: owners always have it; only invited members can have it false.
    metadata: { hasAiConfig: user.referrerId === null || user.hasAiConfig },
    createdAt: user.createdAt.toISOString(),
    settings: mailProvider ? { provider: mailProvider } : null,
    showGuide: user.showGuide,
    helpGuideSeen: user.helpGuideSeen,
    gettingStartedClosed: user.gettingStartedClosed,
    providers: providers.map((p) => p.providerId),
  };
}

import type { Auth } from './auth';

/**
 * Creates an invited member's account with e-mail and password, already verified (the invitation
 * link proved the address) and attached to the owner. Better Auth hashes the password and runs its
 * user hooks, so the member gets no subscription of their own.
 */
export async function createMemberWithPassword(
  auth: Auth,
  input: { email: string; name: string; password: string; ownerId: string; hasAiConfig: boolean },
): Promise<string> {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: input.email,
      name: input.name || input.email,
      emailVerified: true,
      referrerId: input.ownerId,
      hasAiConfig: input.hasAiConfig,
    },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  return user.id;
}

import { inferAdditionalFields, oneTimeTokenClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** Better Auth on the same origin under /api/auth. `referral` is stored with the user at sign-up. */
export const authClient = createAuthClient({
  plugins: [oneTimeTokenClient(), inferAdditionalFields({ user: { referral: { type: 'string', required: false } } })],
});

import { z } from 'zod';
import { mailRequest } from '../utils/request';

export type OAuthProvider = 'gmail' | 'outlook';

/** GET /api/email-settings/oauth/{gmail|outlook}: the provider's authorisation address. */
export const getOAuthUrl = (provider: OAuthProvider) =>
  mailRequest(`/api/email-settings/oauth/${provider}`, { schema: z.object({ url: z.string().url() }) }).then((a) => a.url);

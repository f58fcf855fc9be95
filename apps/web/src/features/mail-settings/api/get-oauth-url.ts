import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type OAuthProvider = 'gmail' | 'outlook';

/** GET /api/email-settings/oauth/{gmail|outlook}: the provider's authorisation address. */
export const getOAuthUrl = (provider: OAuthProvider) =>
  apiRequest(`/api/email-settings/oauth/${provider}`, { schema: z.object({ url: z.string().url() }) }).then((a) => a.url);

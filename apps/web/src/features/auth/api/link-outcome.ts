import type { SessionUser } from '@app/shared/auth';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { providerName, takeStoredProvider } from './social-sign-in';

/** Set while the browser is at the provider to link it after a password sign-in (sign-in.ts). */
const PENDING_LINK_KEY = 'pendingLink';

export function rememberPendingLink(provider: SocialProvider) {
  sessionStorage.setItem(PENDING_LINK_KEY, provider);
}

/**
 * Back from a provider link, signed in: says when the provider was not linked. The server links only
 * an address the provider says is verified, and the user may also have turned back at the provider.
 * Read from the session's providers, so a guard's redirect on the way back loses nothing.
 */
export function useLinkOutcomeNotice(user: SessionUser | null) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!user) return;
    const provider = takeStoredProvider(PENDING_LINK_KEY);
    if (provider && !user.providers.includes(provider)) {
      toast.error(t('auth.linkRefused', { provider: providerName(t, provider) }), { id: 'link-refused' });
    }
  }, [user, t]);
}

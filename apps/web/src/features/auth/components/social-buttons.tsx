import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { preloadAuthClient, type SocialProvider } from '@/lib/auth-client';
import { useAuthConfig } from '@/lib/auth-config';
import { providerName, readLinkProvider, useSocialSignIn } from '../api/social-sign-in';

const providers: SocialProvider[] = ['microsoft', 'google'];

/**
 * Microsoft and Google buttons; a provider the server has no credentials for is disabled and says so
 * in a visible line below it (a tooltip on a disabled button reaches neither touch nor keyboard users).
 */
export function SocialButtons({ mode }: { mode: 'signIn' | 'signUp' }) {
  const { t } = useTranslation();
  const { data: config } = useAuthConfig();
  const social = useSocialSignIn();

  return (
    <div className="grid gap-2" onFocus={preloadAuthClient} onPointerEnter={preloadAuthClient}>
      {providers.map((provider) => {
        const configured = config?.[provider] ?? false;
        const hintId = `${mode}-${provider}-not-configured`;
        const showHint = config !== undefined && !configured;
        return (
          <div key={provider} className="grid gap-1">
            <Button
              type="button"
              variant="outline"
              className="w-full"
              disabled={!configured || (social.pending !== null && social.pending !== provider)}
              pending={social.pending === provider}
              aria-describedby={showHint ? hintId : undefined}
              onClick={() => void social.start(provider)}
            >
              {t(`auth.${mode}.${provider}`)}
            </Button>
            {showHint && (
              <p id={hintId} className="text-xs text-muted-foreground">
                {t(`auth.${provider}NotConfigured`)}
              </p>
            )}
          </div>
        );
      })}
      {social.error && (
        <Alert variant={social.error === 'auth.popupBlocked' ? 'info' : 'error'}>
          {t(social.error, { provider: providerName(t, readLinkProvider()) })}
        </Alert>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import type { SocialProvider } from '@/lib/auth-client';
import { useAuthConfig } from '@/lib/auth-config';
import { useSocialSignIn } from '../api/social-sign-in';

const providers: SocialProvider[] = ['microsoft', 'google'];

/** Microsoft and Google buttons; a provider the server has no credentials for is disabled and says so. */
export function SocialButtons({ mode }: { mode: 'signIn' | 'signUp' }) {
  const { t } = useTranslation();
  const { data: config } = useAuthConfig();
  const social = useSocialSignIn();

  return (
    <div className="grid gap-2">
      {providers.map((provider) => {
        const configured = config?.[provider] ?? false;
        const notConfigured = t(`auth.${provider}NotConfigured`);
        const button = (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={!configured || (social.pending !== null && social.pending !== provider)}
            pending={social.pending === provider}
            onClick={() => void social.start(provider)}
          >
            {t(`auth.${mode}.${provider}`)}
          </Button>
        );
        return (
          <div key={provider} className="grid gap-1">
            {configured ? (
              button
            ) : (
              <Tooltip content={notConfigured}>
                <span tabIndex={config ? 0 : -1}>{button}</span>
              </Tooltip>
            )}
            {config && !configured && <p className="text-xs text-muted-foreground">{notConfigured}</p>}
          </div>
        );
      })}
      {social.error && <Alert variant={social.error === 'auth.popupBlocked' ? 'info' : 'error'}>{t(social.error)}</Alert>}
    </div>
  );
}

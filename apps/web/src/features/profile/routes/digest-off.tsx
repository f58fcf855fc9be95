import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { mapApiError } from '@/lib/error-mapper';
import { useTurnDigestOff } from '../api/turn-digest-off';

/**
 * Where the digest's "turn off" link lands, signed in or not: one click on the button turns it off.
 * The link itself changes nothing, so that a mail scanner opening it turns nothing off.
 */
export function DigestOffRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const off = useTurnDigestOff();

  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('profile.digestOff.title')}</h1>
      {!token || off.isError ? (
        <Alert variant="error">{off.isError ? mapApiError(off.error).message : t('profile.digestOff.invalid')}</Alert>
      ) : off.isSuccess ? (
        <Alert variant="success">{t('profile.digestOff.done')}</Alert>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('profile.digestOff.question')}</p>
          <Button pending={off.isPending} onClick={() => off.mutate(token)}>
            {t('profile.digestOff.confirm')}
          </Button>
        </>
      )}
      <Link to="/profile" className="text-sm font-medium text-accent hover:underline">
        {t('profile.digestOff.profileLink')}
      </Link>
    </section>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useVerifyInvitation } from '../api/verify-invitation';
import { PublicCard } from '../components/public-card';
import { SignInLink } from '../components/sign-in-link';
import { invitationStateOf, refusalText } from '../utils/invitation-state';

/**
 * /invitations/verify?token=… (public): the link of the invitation mail. States: verifying, then
 * success (on to /invitations/set-password), error (the server's reason) or invalid (no token).
 */
export function VerifyInvitationRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const verify = useVerifyInvitation(token);
  const data = verify.data;

  useEffect(() => {
    if (token && data?.success) {
      void navigate('/invitations/set-password', { replace: true, state: invitationStateOf(data, token) });
    }
  }, [data, token, navigate]);

  const body = () => {
    if (!token) return <Alert variant="error">{t('team.verify.noToken')}</Alert>;
    if (verify.isError) return <Alert variant="error">{t('team.verify.failed')}</Alert>;
    if (data && !data.success) return <Alert variant="error">{refusalText(t, data)}</Alert>;
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('team.verify.verifying')}
      </p>
    );
  };

  return (
    <PublicCard title={t('team.verify.title')}>
      {body()}
      <SignInLink />
    </PublicCard>
  );
}

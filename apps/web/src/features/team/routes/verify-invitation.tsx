import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useVerifyInvitation } from '../api/verify-invitation';
import { PublicCard } from '../components/public-card';
import { SignInLink } from '../components/sign-in-link';
import { VerificationStatus } from '../components/verification-status';
import { invitationStateOf } from '../utils/invitation-state';

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

  return (
    <PublicCard title={t('team.verify.title')}>
      <VerificationStatus token={token} verify={verify} />
      <SignInLink />
    </PublicCard>
  );
}

import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import type { useVerifyInvitation } from '../api/verify-invitation';
import { refusalText } from '../utils/invitation-state';

/** Where the check of an invitation's token stands: no token, failed, refused, or still verifying. */
export function VerificationStatus({ token, verify }: { token: string | null; verify: ReturnType<typeof useVerifyInvitation> }) {
  const { t } = useTranslation();
  if (!token) return <Alert variant="error">{t('team.verify.noToken')}</Alert>;
  if (verify.isError) return <Alert variant="error">{t('team.verify.failed')}</Alert>;
  if (verify.data && !verify.data.success) return <Alert variant="error">{refusalText(t, verify.data)}</Alert>;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {t('team.verify.verifying')}
    </p>
  );
}

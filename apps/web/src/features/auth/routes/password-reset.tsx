import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { errorKeyOf } from '@/lib/error-mapper';
import { authErrors } from '../api/auth-error';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm } from '../components/new-password-form';

/** Where the reset mail lands: `?token=…`, or `?error=INVALID_TOKEN` when the link is no longer valid. */
export function PasswordResetRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const token = params.get('token');

  if (!token || params.has('error')) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert variant="error">{t('auth.reset.invalidToken')}</Alert>
        <Link to="/password-forgot" className="text-sm font-medium text-accent hover:underline">
          {t('auth.reset.requestNew')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')}>
      {reset.error && <Alert variant="error">{t(errorKeyOf(reset.error, authErrors))}</Alert>}
      <NewPasswordForm
        pending={reset.isPending}
        onSubmit={(newPassword) =>
          reset.mutate(
            { newPassword, token },
            { onSuccess: () => navigate('/signin', { replace: true, state: { message: 'auth.reset.success' } }) },
          )
        }
      />
    </AuthCard>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { errorKeyOf } from '@/lib/error-mapper';
import { authErrors } from '../api/auth-error';
import { useSignUp } from '../api/sign-up';
import { AuthCard, OrDivider } from '../components/auth-card';
import { SignUpForm } from '../components/sign-up-form';
import { SocialButtons } from '../components/social-buttons';

export function SignUpRoute() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const referral = params.get('referral')?.toLowerCase() ?? null;

  return (
    <AuthCard
      title={t('auth.signUp.title')}
      footer={
        <>
          {t('auth.signUp.haveAccount')}{' '}
          <Link to={`/signin${search}`} className="font-medium text-accent hover:underline">
            {t('auth.signUp.signInLink')}
          </Link>
        </>
      }
    >
      {signUp.error && <Alert variant="error">{t(errorKeyOf(signUp.error, authErrors))}</Alert>}
      <SignUpForm
        pending={signUp.isPending}
        onSubmit={({ email, password }) =>
          signUp.mutate(
            { email, password, referral },
            { onSuccess: () => navigate('/signin', { replace: true, state: { message: 'auth.emailNotVerified' } }) },
          )
        }
      />
      <OrDivider label={t('auth.or')} />
      <SocialButtons mode="signUp" />
    </AuthCard>
  );
}

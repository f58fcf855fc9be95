import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { mapApiError } from '@/lib/error-mapper';
import { decodeSessionId, useVerifyHandoff } from '../api/verify-handoff';
import { AuthCard } from '../components/auth-card';

/** /signin/:sessionId — signs in with a single-use hand-off token minted by another signed-in session. */
export function SessionSignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sessionId = '' } = useParams();
  const verify = useVerifyHandoff();
  const uid = decodeSessionId(sessionId);
  const [failure, setFailure] = useState<string | null>(uid ? null : 'auth.invalidLink');
  const started = useRef(false);

  useEffect(() => {
    if (!uid || started.current) return;
    started.current = true;
    verify.mutate(uid, {
      onSuccess: () => navigate('/home', { replace: true }),
      onError: (error) => {
        const mapped = mapApiError(error);
        console.error('Session hand-off failed', mapped);
        setFailure(mapped.status === 400 || mapped.status === 404 ? 'auth.invalidLink' : 'auth.tryLater');
      },
    });
  }, [uid, verify, navigate]);

  return (
    <AuthCard title={t('auth.signIn.title')}>
      {failure ? (
        <>
          <Alert variant="error">{t(failure)}</Alert>
          <Link to="/signin" className="text-sm text-accent hover:underline">
            {t('auth.forgot.back')}
          </Link>
        </>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t('auth.signingIn')}
        </p>
      )}
    </AuthCard>
  );
}

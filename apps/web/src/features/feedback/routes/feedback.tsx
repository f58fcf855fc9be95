import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorKeyOf } from '@/lib/error-mapper';
import { useAuth } from '@/lib/session';
import { useSendFeedback } from '../api/send-feedback';
import { FeedbackForm } from '../components/feedback-form';
import { feedbackErrors } from '../utils/feedback-error';

type Outcome = { kind: 'sent' } | { kind: 'failed'; key: string } | null;

/** Spec 02 §2 feedback: the form, prefilled with the account's e-mail, and the outcome above it. */
export function FeedbackRoute() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  const send = useSendFeedback();
  const [outcome, setOutcome] = useState<Outcome>(null);

  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t('feedback.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('feedback.intro')}</p>
      </div>
      {outcome?.kind === 'sent' && <Alert variant="success">{t('feedback.sent')}</Alert>}
      {outcome?.kind === 'failed' && <Alert variant="error">{t(outcome.key)}</Alert>}
      {isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <FeedbackForm
          defaultValues={{ name: '', email: user?.email ?? '', message: '' }}
          pending={send.isPending}
          onSubmit={async (values) => {
            setOutcome(null);
            try {
              await send.mutateAsync(values);
              setOutcome({ kind: 'sent' });
              return true;
            } catch (error) {
              setOutcome({ kind: 'failed', key: errorKeyOf(error, feedbackErrors) });
              return false;
            }
          }}
        />
      )}
    </section>
  );
}

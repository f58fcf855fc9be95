import type { SessionUser } from '@app/shared/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { mapApiError } from '@/lib/error-mapper';
import { currentLanguage } from '@/lib/i18n';
import { useAuthConfig } from '@/lib/auth-config';
import { useAuth } from '@/lib/session';
import { isSafePath } from '@/lib/utils';
import { useEnterpriseCategories } from '../api/get-enterprise-categories';
import { useProfile } from '../api/get-profile';
import { browserLocale } from '../api/capture-locale';
import { useSaveProfile } from '../api/save-profile';
import { AiEngineSettings } from '../components/ai-engine-settings';
import { DeleteAccount } from '../components/delete-account';
import { DigestSettings } from '../components/digest-settings';
import { ProfileForm } from '../components/profile-form';

/**
 * Spec 01 §2: after saving, a user with no mail provider goes on to connect one (unless backTo
 * points elsewhere); otherwise to a safe backTo, else /home.
 */
export function afterSaveTarget(user: Pick<SessionUser, 'settings'>, backTo: string | null, mailboxAvailable = true): string {
  const connectNext = mailboxAvailable && !user.settings?.provider;
  if (connectNext && (!backTo || backTo === '/email-settings/add')) return '/email-settings/add';
  return isSafePath(backTo) && backTo !== '/' ? backTo : '/home';
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-4" aria-busy>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </div>
  );
}

export function ProfileRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useAuth();
  const profile = useProfile();
  const categories = useEnterpriseCategories(currentLanguage());
  const save = useSaveProfile();
  const authConfig = useAuthConfig();
  if (!user) return null;

  const memberSince = new Intl.DateTimeFormat(i18n.resolvedLanguage, { month: 'long', year: 'numeric' }).format(
    new Date(user.createdAt),
  );
  const current = profile.data;

  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t('profile.title')}</h1>
        <p className="text-sm text-muted-foreground">
          <span className="sr-only">{t('profile.labels.email')}: </span>
          {user.email}
        </p>
        <p className="text-sm text-muted-foreground">{t('profile.memberSince', { date: memberSince })}</p>
      </div>
      {profile.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('profile.loadError')}</span>
            <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : profile.isPending || categories.isPending ? (
        <ProfileSkeleton />
      ) : (
        <ProfileForm
          defaultValues={{
            businessSector: current?.businessSector ?? user.businessSector ?? '',
            role: current?.role ?? user.role ?? '',
            phoneNumber: current?.phoneNumber ?? user.phoneNumber ?? '',
            website: current?.website ?? user.website ?? '',
          }}
          categories={categories.data ?? []}
          pending={save.isPending}
          serverError={save.error ? mapApiError(save.error).message : null}
          onCancel={() => navigate(-1)}
          onSubmit={(values) =>
            save.mutate(
              // A new profile takes this browser's language and time zone (the daily digest's).
              { id: current?._id ?? null, values: current ? values : { ...values, ...browserLocale() } },
              {
                onSuccess: () => {
                  toast.success(t('profile.saved'));
                  void navigate(afterSaveTarget(user, params.get('backTo'), authConfig.data?.mailbox ?? true), { replace: true });
                },
              },
            )
          }
        />
      )}
      {/* The daily digest goes to owners only (issue 36, item 4). */}
      {current && user.referrerId === null && (
        <>
          <hr />
          <DigestSettings profile={current} />
        </>
      )}
      <hr />
      <AiEngineSettings />
      <hr />
      <DeleteAccount uid={user.uid} />
    </section>
  );
}

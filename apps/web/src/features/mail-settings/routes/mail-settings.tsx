import type { Category } from '@app/shared/categories';
import { SETTINGS_TOAST_MS, type MailSetting } from '@app/shared/mail-settings';
import { MailPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useDeleteCategory } from '../api/delete-category';
import { useDeleteMailSetting } from '../api/delete-mail-setting';
import { useCategories } from '../api/get-categories';
import { useDefaultConfigs } from '../api/get-default-configs';
import { useMailboxes } from '../api/get-mailboxes';
import { useMailSetting } from '../api/get-mail-setting';
import { useRequestAiCategorization } from '../api/request-ai-categorization';
import { useShowGuideOnEntry } from '../api/set-show-guide';
import { useUpdateMailSetting } from '../api/update-mail-setting';
import { useVerifyMailSetting } from '../api/verify-mail-setting';
import { useMailActivity } from '../api/get-mail-activity';
import { useMailEvents } from '../api/use-mail-events';
import { AccountBlock } from '../components/account-block';
import { AccuracyBlock } from '../components/accuracy-block';
import { ActivityBlock } from '../components/activity-block';
import { AiCategoriesDialog } from '../components/ai-categories-dialog';
import type { SettingUpdate } from '../components/authserv-id-section';
import { categoryDisplayName } from '../components/categories-table';
import { ClassificationBlock } from '../components/classification-block';
import { CreateCategoriesDialog } from '../components/create-categories-dialog';
import { DraftUsageBlock } from '../components/draft-usage-block';
import { DryRunBlock } from '../components/dry-run-block';
import { GuideMessage } from '../components/guide-message';
import { StarterPlanLimitDialog } from '../components/starter-plan-limit-dialog';
import { SyncBlock } from '../components/sync-block';
import type { CategoryFormState } from '../utils/category-form-state';
import { mailErrorMessage } from '../utils/connect-error';
import { defaultRange, rangeFromApi } from '../utils/fetch-range';
import { isStarterPlanLimit } from '../utils/request';

const toastOptions = { duration: SETTINGS_TOAST_MS };

function NoAccount() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed p-10 text-center">
      <MailPlus className="size-8 text-muted-foreground" aria-hidden />
      <div className="grid gap-1">
        <h2 className="font-semibold">{t('mailSettings.empty.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('mailSettings.empty.description')}</p>
      </div>
      <Button asChild>
        <Link to="/email-settings/add">{t('mailSettings.empty.add')}</Link>
      </Button>
    </div>
  );
}

/** Updates of the setting: toasts, the Starter plan modal, and which fields are on their way. */
function useSettingUpdates(setting: MailSetting | null | undefined) {
  const { t } = useTranslation();
  const mutation = useUpdateMailSetting();
  const [limitOpen, setLimitOpen] = useState(false);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const update: SettingUpdate = (patch, callbacks) => {
    if (!setting) return;
    const fields = Object.keys(patch).filter((k) => k !== 'fetchRangeDates');
    setPending((current) => new Set([...current, ...fields]));
    const done = () => setPending((current) => new Set([...current].filter((f) => !fields.includes(f))));
    // mutateAsync, not mutate's callbacks: those run for the latest call only, and two switches
    // changed in quick succession would leave the first one disabled.
    mutation.mutateAsync({ id: setting._id, ...patch }).then(
      (answer) => {
        done();
        if (answer.code === 'STARTER_PLAN_LIMIT') setLimitOpen(true);
        else {
          toast.success(t('mailSettings.message.mailboxOptionUpdateSuccess'), toastOptions);
          callbacks?.onSuccess?.();
        }
      },
      (error: unknown) => {
        done();
        if (isStarterPlanLimit(error)) setLimitOpen(true);
        // A value the server refused (400, its message an i18n key) shows under the caller's field.
        else if (callbacks?.onInvalid && error instanceof ApiRequestError && error.status === 400)
          callbacks.onInvalid(mailErrorMessage(error));
        else if ((error as { code?: string }).code === 'MAIL_ACCOUNT_MISSING')
          toast.error(t('mailSettings.accountEmailSettingEroor'), toastOptions);
        else toast.error(t('mailSettings.message.mailboxOptionUpdateError'), toastOptions);
      },
    );
  };
  return { update, pending, limitOpen, setLimitOpen };
}

const OFFER_KEY = 'categoryOfferDismissed';

/** The "create your categories" offer shows once per session and mailbox, not on every return. */
function useOfferDismissed(settingId: string | undefined) {
  const [dismissed, setDismissed] = useState(() => !!settingId && sessionStorage.getItem(OFFER_KEY) === settingId);
  const dismiss = (value: boolean) => {
    if (value && settingId) sessionStorage.setItem(OFFER_KEY, settingId);
    setDismissed(value);
  };
  return [dismissed || (!!settingId && sessionStorage.getItem(OFFER_KEY) === settingId), dismiss] as const;
}

/** /email-settings: the connected mailbox, its options and the classification categories. */
export function MailSettingsRoute() {
  const { t } = useTranslation();
  useShowGuideOnEntry();
  const navigate = useNavigate();
  const location = useLocation();
  const setting = useMailSetting();
  const account = setting.data ?? null;
  const activity = useMailActivity(account !== null);
  useMailEvents(account !== null);
  const configs = useDefaultConfigs();
  const mailboxes = useMailboxes(account?._id);
  const categories = useCategories(!!account?.isClassificationEnabled);
  const { update, pending, limitOpen, setLimitOpen } = useSettingUpdates(account);
  const verify = useVerifyMailSetting();
  const deleteAccount = useDeleteMailSetting();
  const deleteCategory = useDeleteCategory();
  const aiCategorization = useRequestAiCategorization();
  const [confirmAccountDelete, setConfirmAccountDelete] = useState(false);
  const [categoryToDelete, setCategoryToDelete] = useState<Category | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const [createDismissed, setCreateDismissed] = useOfferDismissed(account?._id);
  const message = (location.state as { message?: unknown } | null)?.message;

  useEffect(() => {
    if (mailboxes.isError) toast.error(t('mailSettings.error.fetchMailboxes'), toastOptions);
  }, [mailboxes.isError, t]);

  const fallbackRange = useMemo(
    () =>
      configs.data
        ? (rangeFromApi(configs.data.fetchRangeDates) ?? defaultRange(configs.data.maxFetchRangeDays))
        : defaultRange(),
    [configs.data],
  );

  if (setting.isPending) return <FullPageSpinner />;
  if (setting.isError) {
    return (
      <Alert variant="error">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span>{mailErrorMessage(setting.error)}</span>
          <Button variant="outline" size="sm" pending={setting.isFetching} onClick={() => void setting.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  }

  const goToCategory = (category?: Category) => {
    if (!account) return;
    const state: CategoryFormState = { account, provider: account.provider, ...(category && { category }) };
    void navigate('/email-settings/categories', { state });
  };

  // "Nothing loading": first loads and requests on their way, not the background polling (which
  // would close and reopen the offer every time it runs).
  const busy = categories.isLoading || aiCategorization.isPending || pending.size > 0;
  const offerCreation =
    !!account?.isClassificationEnabled &&
    categories.data?.length === 0 &&
    !account.batchCategorizeStatus &&
    !busy &&
    !aiOpen &&
    !createDismissed;

  return (
    <section className="grid gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t('mailSettings.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('mailSettings.description')}</p>
      </div>

      {typeof message === 'string' && message && (
        <GuideMessage message={message} onDismiss={() => void navigate('.', { replace: true, state: null })} />
      )}

      {!account ? (
        <NoAccount />
      ) : (
        <>
          <AccountBlock
            setting={account}
            mailboxes={mailboxes.data ?? account.mailboxes}
            mailboxesLoading={mailboxes.isPending}
            onUpdate={update}
            pending={pending}
            verifying={verify.isPending}
            onVerify={() =>
              verify.mutate(undefined, {
                onSuccess: () => toast.success(t('mailSettings.message.mailboxConnectionTestSuccess'), toastOptions),
                onError: (error) =>
                  toast.error(t('mailSettings.message.mailboxConnectionTestError'), {
                    ...toastOptions,
                    description: mailErrorMessage(error),
                  }),
              })
            }
            onDelete={() => setConfirmAccountDelete(true)}
          />
          <DryRunBlock setting={account} categories={categories.data} onUpdate={update} pending={pending} />
          <AccuracyBlock setting={account} categories={categories.data} engine={activity.data?.engine} />
          <DraftUsageBlock setting={account} categories={categories.data} />
          <ActivityBlock activity={activity.data} loading={activity.isPending} failed={activity.isError} />
          <SyncBlock
            setting={account}
            defaultRange={fallbackRange}
            maxDays={configs.data?.maxFetchRangeDays}
            onUpdate={update}
            pending={pending}
          />
          <ClassificationBlock
            setting={account}
            categories={categories.data}
            mailboxes={mailboxes.data ?? account.mailboxes}
            categoriesError={categories.isError}
            categoriesRefreshing={categories.isFetching || setting.isFetching}
            onRetryCategories={() => void categories.refetch()}
            onRefresh={() => {
              void setting.refetch();
              void categories.refetch();
            }}
            onUpdate={update}
            pending={pending}
            onAdd={() => goToCategory()}
            onCreateWithAi={() => setAiOpen(true)}
            onEdit={(category) => goToCategory(category)}
            onDelete={setCategoryToDelete}
          />
        </>
      )}

      <ConfirmDialog
        open={confirmAccountDelete}
        onOpenChange={(open) => !open && setConfirmAccountDelete(false)}
        title={t('mailSettings.account.deleteTitle')}
        description={t('mailSettings.account.deleteDescription', { username: account?.username ?? '' })}
        confirmLabel={t('mailSettings.account.delete')}
        cancelLabel={t('mailSettings.connect.cancel')}
        pending={deleteAccount.isPending}
        onConfirm={() =>
          deleteAccount.mutate(undefined, {
            onSuccess: () => {
              setConfirmAccountDelete(false);
              toast.success(t('mailSettings.message.mailboxdeleteSuccess'), toastOptions);
              void navigate('/email-settings/add');
            },
            onError: () => toast.error(t('mailSettings.message.mailboxdeleteError'), toastOptions),
          })
        }
      />
      <ConfirmDialog
        open={categoryToDelete !== null}
        onOpenChange={(open) => !open && setCategoryToDelete(null)}
        title={t('categories.deleteTitle', {
          name: categoryToDelete ? categoryDisplayName(categoryToDelete, mailboxes.data ?? account?.mailboxes) : '',
        })}
        description={t('mailSettings.messages.deletion')}
        confirmLabel={t('categories.table.deleteLabel')}
        cancelLabel={t('categories.form.cancel')}
        pending={deleteCategory.isPending}
        onConfirm={() =>
          categoryToDelete &&
          deleteCategory.mutate(categoryToDelete.id, {
            onSuccess: () => {
              setCategoryToDelete(null);
              toast.success(t('mailSettings.message.categoryDeleteSuccess'), toastOptions);
            },
            onError: () => {
              setCategoryToDelete(null);
              toast.error(t('mailSettings.message.error'), toastOptions);
            },
          })
        }
      />
      <CreateCategoriesDialog
        open={offerCreation}
        onOpenChange={(open) => !open && setCreateDismissed(true)}
        onManual={() => {
          setCreateDismissed(true);
          goToCategory();
        }}
        onAi={() => {
          setCreateDismissed(true);
          setAiOpen(true);
        }}
      />
      {aiOpen && (
        <AiCategoriesDialog
          open
          onOpenChange={(open) => !open && setAiOpen(false)}
          pending={aiCategorization.isPending}
          onConfirm={(input) =>
            aiCategorization.mutate(input, {
              onSuccess: () => {
                setAiOpen(false);
                toast.success(t('mailSettings.message.mailboxOptionUpdateSuccess'), toastOptions);
              },
              onError: (error) => {
                if (isStarterPlanLimit(error)) {
                  setAiOpen(false);
                  setLimitOpen(true);
                } else toast.error(t('mailSettings.message.mailboxOptionUpdateError'), toastOptions);
              },
            })
          }
        />
      )}
      <StarterPlanLimitDialog open={limitOpen} onOpenChange={setLimitOpen} />
    </section>
  );
}

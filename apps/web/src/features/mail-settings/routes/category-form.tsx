import { SETTINGS_TOAST_MS } from '@app/shared/mail-settings';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAccuracy } from '../api/get-accuracy';
import { useMailboxes } from '../api/get-mailboxes';
import { useMailSetting } from '../api/get-mail-setting';
import { useSaveCategory } from '../api/save-category';
import { categoryDisplayName } from '../components/categories-table';
import { CategoryForm } from '../components/category-form';
import { readCategoryFormState } from '../utils/category-form-state';
import { mailErrorMessage } from '../utils/connect-error';
import { ApiRequestError } from '@/lib/api-client';

/**
 * /email-settings/categories: create or edit a category. The account (and the category, when
 * editing) come in navigation state; opened directly, the account is loaded.
 */
export function CategoryFormRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = readCategoryFormState(location.state);
  const setting = useMailSetting();
  const account = state.account ?? setting.data ?? null;
  const mailboxes = useMailboxes(account?._id);
  const save = useSaveCategory();
  const accuracy = useAccuracy(account !== null);
  const category = state.category;

  if (!account) {
    if (setting.isPending) return <FullPageSpinner />;
    if (setting.isError) {
      return (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{mailErrorMessage(setting.error)}</span>
            <Button variant="outline" size="sm" onClick={() => void setting.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      );
    }
    return <Navigate to="/email-settings" replace />;
  }

  const tree = mailboxes.data ?? account.mailboxes;
  const provider =
    state.provider === 'gmail' || state.provider === 'outlook' || state.provider === 'smtp' ? state.provider : account.provider;

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-1">
        <Link to="/email-settings" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden />
          {t('categories.back')}
        </Link>
        <h1 className="text-xl font-semibold">
          {category ? t('categories.editTitle', { name: categoryDisplayName(category, tree) }) : t('categories.newTitle')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('categories.formDescription')}</p>
      </div>
      <CategoryForm
        key={category?.id ?? 'new'}
        category={category}
        mailboxAddress={account.username}
        mailboxes={tree}
        provider={provider}
        pending={save.isPending}
        serverError={save.error ? mailErrorMessage(save.error) : null}
        serverIssues={save.error instanceof ApiRequestError ? save.error.issues : undefined}
        accuracy={accuracy.data}
        onCancel={() => void navigate('/email-settings')}
        onSubmit={(values) =>
          save.mutate(
            { id: category?.id ?? null, values },
            {
              onSuccess: () => {
                toast.success(t('categories.saved'), { duration: SETTINGS_TOAST_MS });
                void navigate('/email-settings');
              },
            },
          )
        }
      />
    </section>
  );
}

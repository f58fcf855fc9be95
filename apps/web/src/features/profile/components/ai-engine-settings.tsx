import { AI_PROVIDERS, type AiProviderView } from '@app/shared/ai-provider';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessageOf, type ErrorTable } from '@/lib/error-mapper';
import { toast } from '@/lib/toast';
import { useAiProvider, useRemoveAiProvider, useSaveAiProvider } from '../api/ai-provider';
import { AiProviderForm, providerLabelKeys } from './ai-provider-form';
import { AiUsageTable } from './ai-usage-table';

/** The server's own texts ('aiProvider.errors.…'), the 429 of too many tests included; else the shared mapping. */
const saveErrors: ErrorTable = { serverMessage: (failure) => failure.message.startsWith('aiProvider.') };

/** The engine in use, as a sentence: built in, the caller's own key, or the service's default. */
function activeText(t: TFunction, active: AiProviderView['active']): string {
  if (active.source === 'builtin') return t('profile.aiEngine.active.builtin');
  const known = AI_PROVIDERS.find((provider) => provider === active.engine);
  const name = known ? t(providerLabelKeys[known]) : active.engine;
  const engine = active.model ? `${name}, ${active.model}` : name;
  return active.source === 'own'
    ? t('profile.aiEngine.active.own', { engine })
    : t('profile.aiEngine.active.operator', { engine });
}

function ActiveEngine({ active }: { active: AiProviderView['active'] }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">{t('profile.aiEngine.activeLabel')} </span>
      <strong className="font-medium">{activeText(t, active)}</strong>
    </p>
  );
}

/**
 * Each owner's own AI engine (issue 39, item 5): which engine answers now, the provider, model and key
 * to use instead (tested by the server with one call before it is saved), its removal, and the AI use per day.
 */
export function AiEngineSettings() {
  const { t } = useTranslation();
  const view = useAiProvider();
  const save = useSaveAiProvider();
  const removal = useRemoveAiProvider();
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  // A new form after each save or removal: it takes the saved values, and the key field is empty again.
  const [formKey, setFormKey] = useState(0);

  return (
    <section aria-labelledby="ai-engine-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="ai-engine-title" className="text-base font-semibold">
          {t('profile.aiEngine.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('profile.aiEngine.explanation')}</p>
      </div>
      {view.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('profile.aiEngine.loadError')}</span>
            <Button variant="outline" size="sm" onClick={() => void view.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : view.isPending ? (
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : (
        <>
          <ActiveEngine active={view.data.active} />
          <AiProviderForm
            key={formKey}
            own={view.data.own}
            pending={save.isPending}
            serverError={save.error ? errorMessageOf(save.error, saveErrors) : null}
            serverIssues={save.error instanceof ApiRequestError ? save.error.issues : undefined}
            onSubmit={(input) => {
              setSaved(false);
              save.mutate(input, {
                onSuccess: () => {
                  setSaved(true);
                  setFormKey((key) => key + 1);
                  toast.success(t('profile.aiEngine.saved'));
                },
              });
            }}
          />
          {saved && (
            <p role="status" className="text-sm text-success">
              {t('profile.aiEngine.saved')}
            </p>
          )}
          {view.data.own && (
            <Button variant="outline" className="justify-self-start text-destructive" onClick={() => setConfirming(true)}>
              {t('profile.aiEngine.remove')}
            </Button>
          )}
          <ConfirmDialog
            open={confirming}
            onOpenChange={(next) => {
              removal.reset();
              setConfirming(next);
            }}
            title={t('profile.aiEngine.removeTitle')}
            description={t('profile.aiEngine.removeDescription')}
            confirmLabel={t('profile.aiEngine.removeConfirm')}
            cancelLabel={t('profile.cancel')}
            pending={removal.isPending}
            error={removal.error ? errorMessageOf(removal.error) : null}
            onConfirm={() =>
              removal.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  setSaved(false);
                  save.reset();
                  setFormKey((key) => key + 1);
                  toast.success(t('profile.aiEngine.removed'));
                },
              })
            }
          />
        </>
      )}
      <AiUsageTable />
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { mapApiError } from '@/lib/error-mapper';
import { currentLanguage } from '@/lib/i18n';
import { usePrompt } from '../api/get-prompt';
import { useSavePrompt } from '../api/save-prompt';
import { useTogglePrompt } from '../api/toggle-prompt';
import { PromptEditor } from '../components/prompt-editor';

/** Spec 02 §9: the success banner stays this long. */
const SAVED_BANNER_MS = 3000;

function PromptSkeleton() {
  return (
    <div className="grid gap-4" aria-busy>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function useSavedBanner() {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [saved]);
  return [saved, setSaved] as const;
}

export function PromptRoute() {
  const { t } = useTranslation();
  const prompt = usePrompt();
  const save = useSavePrompt();
  const toggle = useTogglePrompt();
  const [saved, setSaved] = useSavedBanner();
  const language = currentLanguage() === 'fr' ? 'fr' : 'en';
  const failure = save.error ?? toggle.error;

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t('prompts.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('prompts.intro')}</p>
        <p className="mt-1 text-xs text-muted-foreground">{t('prompts.builtInEngine')}</p>
      </div>
      {prompt.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('prompts.loadError')}</span>
            <Button variant="outline" size="sm" onClick={() => void prompt.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : prompt.isPending ? (
        <PromptSkeleton />
      ) : (
        <PromptEditor
          prompt={prompt.data}
          language={language}
          toggling={toggle.isPending}
          saving={save.isPending}
          saved={saved}
          error={failure ? mapApiError(failure).message : null}
          onToggle={(enabled) => prompt.data && toggle.mutate({ id: prompt.data._id, enabled })}
          onSave={(values) => {
            setSaved(false);
            save.mutate({ id: prompt.data?._id ?? null, values }, { onSuccess: () => setSaved(true) });
          }}
        />
      )}
    </section>
  );
}

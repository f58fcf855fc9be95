import type { CategoryInput, CategoryRulesInput } from '@app/shared/categories';
import { Eye } from 'lucide-react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { mapApiError } from '@/lib/error-mapper';
import { usePreviewRules } from '../api/preview-rules';

const SHOWN = 10;

/**
 * Which of the mailbox's newest messages the rules as they stand would file here, asked of the
 * server, which runs the pipeline's own matcher on the tracked folder.
 */
export function RulesPreview({ control, disabled }: { control: Control<CategoryInput>; disabled?: boolean }) {
  const { t } = useTranslation();
  const rules: CategoryRulesInput | null | undefined = useWatch({ control, name: 'rules' });
  const preview = usePreviewRules();
  const result = preview.data;

  return (
    <div className="grid gap-2 rounded-md border bg-muted/30 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">{t('categories.preview.hint')}</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          pending={preview.pending}
          disabled={disabled || !rules}
          onClick={() => rules && void preview.run(rules)}
        >
          <Eye aria-hidden />
          {t('categories.preview.run')}
        </Button>
      </div>
      {preview.error !== undefined && <Alert variant="error">{mapApiError(preview.error).message}</Alert>}
      {result && !preview.pending && (
        <div role="status" className="grid gap-1 text-sm">
          <p>{t('categories.preview.result', { count: result.matches.length, scanned: result.scanned })}</p>
          {result.matches.length > 0 && (
            <ul className="grid gap-0.5 text-xs text-muted-foreground">
              {result.matches.slice(0, SHOWN).map((m) => (
                <li key={m.uid} className="break-words">
                  <span className="font-medium text-foreground">{m.from?.name || m.from?.address || '—'}</span> ·{' '}
                  {m.subject || '—'}
                </li>
              ))}
              {result.matches.length > SHOWN && <li>{t('categories.preview.more', { count: result.matches.length - SHOWN })}</li>}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

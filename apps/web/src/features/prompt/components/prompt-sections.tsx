import type { PromptSections } from '@app/shared/prompts-defaults';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { SECTION_KEYS, type AdvancedValues } from '../utils/prompt-form';

/** The Default choice: the default instructions, read-only. */
export function DefaultSections({ sections }: { sections: PromptSections }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
      {SECTION_KEYS.map((key) => (
        <div key={key} className="grid gap-1">
          <dt className="font-medium">{t(`prompts.sections.${key}.title`)}</dt>
          <dd className="whitespace-pre-line text-muted-foreground">{sections[key] ?? t('prompts.sections.fromKnowledge')}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The Advanced choice: six sections. Ticking "use context" clears section 2 and disables it while
 * it stays ticked (spec 02 §2).
 */
export function AdvancedSections({ form }: { form: UseFormReturn<AdvancedValues> }) {
  const { t } = useTranslation();
  const { register, setValue, watch, formState } = form;
  const useContext = watch('useContext');
  const contextField = register('useContext', {
    onChange: (event: { target: HTMLInputElement }) => {
      if (event.target.checked) setValue('section2', '', { shouldDirty: true });
    },
  });
  const error = (key: keyof AdvancedValues) => {
    const message = formState.errors[key]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-2">
        <input type="checkbox" id="useContext" className="mt-1 size-4 accent-accent" {...contextField} />
        <div className="grid gap-0.5">
          <Label htmlFor="useContext">{t('prompts.useContext')}</Label>
          <p className="text-sm text-muted-foreground">{t('prompts.useContextHint')}</p>
        </div>
      </div>
      {SECTION_KEYS.map((key) => (
        <FormField key={key} id={key} label={t(`prompts.sections.${key}.title`)} error={error(key)}>
          <Textarea
            rows={3}
            placeholder={t(`prompts.sections.${key}.placeholder`)}
            disabled={key === 'section2' && useContext}
            {...fieldA11y(key, error(key))}
            {...register(key)}
          />
        </FormField>
      ))}
    </div>
  );
}

import { promptInputSchema, type Prompt } from '@app/shared/prompts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import type { PromptValues } from '../api/save-prompt';
import {
  advancedStart,
  defaultSections,
  modeOf,
  promptBody,
  type AdvancedValues,
  type PromptLanguage,
  type PromptMode,
} from '../utils/prompt-form';
import { AdvancedSections, DefaultSections } from './prompt-sections';

const section = promptInputSchema.shape.section1;
/** The advanced form holds section 2 as text ('' while the context option is ticked). */
const advancedSchema = z.object({
  useContext: promptInputSchema.shape.useContext,
  section1: section,
  section2: section,
  section3: section,
  section4: section,
  section5: section,
  section6: section,
});

type PromptEditorProps = {
  prompt: Prompt | null;
  language: PromptLanguage;
  /** Called when the switch moves and a prompt exists: the change is saved at once. */
  onToggle: (enabled: boolean) => void;
  onSave: (values: PromptValues) => void;
  toggling: boolean;
  saving: boolean;
  saved: boolean;
  error: string | null;
};

function EnabledSwitch({ checked, disabled, onChange }: { checked: boolean; disabled: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 rounded-lg border p-4">
      <Switch id="prompt-enabled" checked={checked} disabled={disabled} onCheckedChange={onChange} />
      <div className="grid gap-0.5">
        <Label htmlFor="prompt-enabled">{t('prompts.enabled')}</Label>
        <p className="text-sm text-muted-foreground">{t(checked ? 'prompts.enabledOn' : 'prompts.enabledOff')}</p>
      </div>
    </div>
  );
}

function ModeChoice({ value, onChange }: { value: PromptMode; onChange: (mode: PromptMode) => void }) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      aria-label={t('prompts.mode.label')}
      value={value}
      onValueChange={(v) => onChange(v as PromptMode)}
      className="flex flex-wrap gap-6"
    >
      {(['default', 'advanced'] as const).map((mode) => (
        <div key={mode} className="flex items-center gap-2">
          <RadioGroupItem id={`prompt-mode-${mode}`} value={mode} />
          <Label htmlFor={`prompt-mode-${mode}`}>{t(`prompts.mode.${mode}`)}</Label>
        </div>
      ))}
    </RadioGroup>
  );
}

/** Spec 02 §2 prompt editor: Default or Advanced, the enabled switch, Save only while enabled. */
export function PromptEditor({ prompt, language, onToggle, onSave, toggling, saving, saved, error }: PromptEditorProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<PromptMode>(() => modeOf(prompt));
  const [draftEnabled, setDraftEnabled] = useState(false);
  const enabled = prompt ? prompt.enabled : draftEnabled;
  const form = useForm<AdvancedValues>({
    resolver: zodResolver(advancedSchema),
    defaultValues: advancedStart(prompt, language),
  });
  const defaults = defaultSections(prompt, language);
  const submit = form.handleSubmit((values) => onSave(promptBody(mode, values, defaults, enabled)));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
      <EnabledSwitch checked={enabled} disabled={toggling} onChange={prompt ? onToggle : setDraftEnabled} />
      <ModeChoice value={mode} onChange={setMode} />
      {mode === 'default' ? <DefaultSections sections={defaults} /> : <AdvancedSections form={form} />}
      {error && <Alert variant="error">{error}</Alert>}
      {saved && <Alert variant="success">{t('prompts.saved')}</Alert>}
      {enabled ? (
        <div className="flex justify-end">
          <Button type="submit" pending={saving}>
            {t('prompts.save')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('prompts.saveHint')}</p>
      )}
    </form>
  );
}

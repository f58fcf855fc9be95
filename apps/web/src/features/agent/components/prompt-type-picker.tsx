import { PROMPT_TYPES, type PromptType } from '@app/shared/assistant';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';

/** The assistant type: email, classification or ai (spec 02 §2). */
export function PromptTypePicker(props: { value: PromptType; disabled: boolean; onChange: (type: PromptType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <p id="agent-prompt-type" className="text-sm font-medium">
        {t('agent.promptType.label')}
      </p>
      <RadioGroup
        aria-labelledby="agent-prompt-type"
        className="flex flex-wrap gap-4"
        value={props.value}
        disabled={props.disabled}
        onValueChange={(value) => props.onChange(value as PromptType)}
      >
        {PROMPT_TYPES.map((type) => (
          <div key={type} className="flex items-center gap-2">
            <RadioGroupItem id={`agent-type-${type}`} value={type} aria-describedby={`agent-type-${type}-hint`} />
            <Label htmlFor={`agent-type-${type}`}>{t(`agent.promptType.${type}`)}</Label>
            <span id={`agent-type-${type}-hint`} className="sr-only">
              {t(`agent.promptType.hints.${type}`)}
            </span>
          </div>
        ))}
      </RadioGroup>
      <p className="text-xs text-muted-foreground">{t(`agent.promptType.hints.${props.value}`)}</p>
    </div>
  );
}

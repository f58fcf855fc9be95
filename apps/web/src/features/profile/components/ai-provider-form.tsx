import {
  AI_PROVIDERS,
  type AiProviderInput,
  type AiProviderName,
  type AiProviderView,
  aiProviderInputSchema,
} from '@app/shared/ai-provider';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { fieldClasses, Input } from '@/components/ui/input';
import type { ApiIssue } from '@/lib/api-client';
import { translateServerMessage } from '@/lib/error-mapper';
import { cn } from '@/lib/utils';

/** Each provider's name, as i18n keys (the locale test reads them here). */
export const providerLabelKeys: Record<AiProviderName, string> = {
  openai: 'profile.aiEngine.providers.openai',
  anthropic: 'profile.aiEngine.providers.anthropic',
  mistral: 'profile.aiEngine.providers.mistral',
  'openai-compatible': 'profile.aiEngine.providers.openaiCompatible',
};

/** An example model per provider, shown as the model field's placeholder. */
const modelExamples: Record<AiProviderName, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  mistral: 'mistral-small-latest',
  'openai-compatible': 'llama3.1',
};

type Field = 'provider' | 'model' | 'apiKey' | 'baseUrl';
type Values = { provider: AiProviderName; model: string; apiKey: string; baseUrl: string };

type AiProviderFormProps = {
  /** The saved provider; its key is never sent back, so the key field always starts empty. */
  own: AiProviderView['own'];
  pending: boolean;
  serverError: string | null;
  serverIssues: ApiIssue[] | undefined;
  onSubmit: (input: AiProviderInput) => void;
};

/** What is sent: no empty key, and an address only for an OpenAI-compatible server. */
function candidate(values: Values): AiProviderInput {
  const compatible = values.provider === 'openai-compatible';
  return {
    provider: values.provider,
    model: values.model,
    ...(values.apiKey.trim() ? { apiKey: values.apiKey } : {}),
    ...(compatible && values.baseUrl.trim() ? { baseUrl: values.baseUrl } : {}),
  };
}

/** The provider, model, key and address of the caller's own AI engine, checked with the shared schema. */
export function AiProviderForm({ own, pending, serverError, serverIssues, onSubmit }: AiProviderFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({
    provider: own?.provider ?? 'openai',
    model: own?.model ?? '',
    apiKey: '',
    baseUrl: own?.baseUrl ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const compatible = values.provider === 'openai-compatible';

  const set = <F extends Field>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  /** A field's error: this form's check first, else the server's, each an i18n key. */
  const errorOf = (field: Field) => {
    const key = errors[field] ?? serverIssues?.find((issue) => issue.path[0] === field)?.message;
    return key ? translateServerMessage(key) : undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = aiProviderInputSchema.safeParse(candidate(values));
    if (parsed.success) {
      setErrors({});
      onSubmit(parsed.data);
      return;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field | undefined;
      if (field && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
  };

  const keyHelp = [
    own?.hasKey ? t('profile.aiEngine.keyKept') : null,
    compatible ? t('profile.aiEngine.keyOptional') : null,
  ].filter(Boolean);

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('profile.aiEngine.formLabel')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="aiProvider" label={t('profile.aiEngine.labels.provider')} error={errorOf('provider')}>
          <select
            {...fieldA11y('aiProvider', errorOf('provider'))}
            className={cn(fieldClasses, 'h-9 cursor-pointer')}
            value={values.provider}
            disabled={pending}
            onChange={(event) => set('provider', AI_PROVIDERS.find((p) => p === event.target.value) ?? 'openai')}
          >
            {AI_PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {t(providerLabelKeys[provider])}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="aiModel" label={t('profile.aiEngine.labels.model')} error={errorOf('model')}>
          <Input
            {...fieldA11y('aiModel', errorOf('model'))}
            aria-required
            autoComplete="off"
            placeholder={modelExamples[values.provider]}
            value={values.model}
            disabled={pending}
            onChange={(event) => set('model', event.target.value)}
          />
        </FormField>
      </div>
      {compatible && (
        <FormField id="aiBaseUrl" label={t('profile.aiEngine.labels.baseUrl')} error={errorOf('baseUrl')}>
          <Input
            {...fieldA11y('aiBaseUrl', errorOf('baseUrl'))}
            aria-required
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://llm.example.com/v1"
            value={values.baseUrl}
            disabled={pending}
            onChange={(event) => set('baseUrl', event.target.value)}
          />
        </FormField>
      )}
      <FormField id="aiApiKey" label={t('profile.aiEngine.labels.apiKey')} error={errorOf('apiKey')}>
        <Input
          {...fieldA11y('aiApiKey', errorOf('apiKey'))}
          aria-required={!compatible}
          aria-describedby={
            [errorOf('apiKey') ? 'aiApiKey-error' : null, keyHelp.length ? 'aiApiKey-help' : null].filter(Boolean).join(' ') ||
            undefined
          }
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={values.apiKey}
          disabled={pending}
          onChange={(event) => set('apiKey', event.target.value)}
        />
        {keyHelp.length > 0 && (
          <p id="aiApiKey-help" className="text-sm text-muted-foreground">
            {keyHelp.join(' ')}
          </p>
        )}
      </FormField>
      <Button type="submit" className="justify-self-start" pending={pending}>
        {pending ? t('profile.aiEngine.testing') : t('profile.aiEngine.save')}
      </Button>
      {serverError && <Alert variant="error">{serverError}</Alert>}
    </form>
  );
}

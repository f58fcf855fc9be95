import type { AccuracyReport } from '@app/shared/accuracy';
import {
  categoryInputSchema,
  FORWARDING_EMAILS_MAX,
  PARTY_RULE_FIELDS,
  TEXT_RULE_FIELDS,
  type Category,
  type CategoryInput,
  type CategoryRulesInput,
  type CategoryValues,
} from '@app/shared/categories';
import type { MailboxNode, MailProviderName } from '@app/shared/mail-settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { Bot, Filter } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ApiIssue } from '@/lib/api-client';
import { measuredPrecision } from '../utils/accuracy';
import { AutopilotControl } from './autopilot-control';
import { CategoryPicker, initialPickerMode, type PickerMode } from './category-picker';
import { EmailChipsInput } from './email-chips-input';
import { useInstantReplyConfirm } from './instant-reply-confirm';
import { listErrors } from './form-errors';
import { MailboxSelect } from './mailbox-select';
import { RulesEditor } from './rules-editor';
import { RulesPreview } from './rules-preview';

const part = () => ({ operator: 'contains' as const, values: [] as string[] });

/** Every rule field present (empty), so the editor can show them all; saving drops the empty ones. */
export function fullRules(rules: CategoryRulesInput | null | undefined) {
  const out: Record<string, unknown> = { match: rules?.match ?? 'all' };
  for (const field of TEXT_RULE_FIELDS) {
    const rule = rules?.[field];
    out[field] = { operator: rule?.operator ?? 'contains', values: [...(rule?.values ?? [])] };
  }
  for (const field of PARTY_RULE_FIELDS) {
    const rule = rules?.[field];
    out[field] = {
      name: rule?.name ? { operator: rule.name.operator ?? 'contains', values: [...rule.name.values] } : part(),
      email: rule?.email ? { operator: rule.email.operator ?? 'contains', values: [...rule.email.values] } : part(),
    };
  }
  return out as CategoryRulesInput;
}

export function categoryFormDefaults(category?: Category): CategoryInput {
  return {
    name: category?.name ?? '',
    existCategoryName: category?.existCategoryName ?? null,
    classificationParentMailbox: category?.classificationParentMailbox ?? null,
    draftParentMailbox: category?.draftParentMailbox ?? null,
    classifierType: category?.classifierType ?? 'ai',
    instruction: category?.instruction ?? '',
    action: String(category?.action ?? 0) as '0' | '1' | '2',
    responseInstructions: category?.responseInstructions ?? '',
    email: category?.email ?? [],
    autopilotMinPrecision: category?.autopilotMinPrecision ?? null,
    rules: fullRules(category?.rules),
    createdBy: category?.createdBy === 'AI' ? 'AI' : 'USER',
  };
}

/**
 * ai drops the rules and rules drops the instruction (spec 02 §4), before validation too; only the
 * engine's judgement is measured, so a rules category has no autopilot limit.
 */
function categoryResolver(mailboxAddress: string): Resolver<CategoryInput, unknown, CategoryValues> {
  const resolve = zodResolver(categoryInputSchema(mailboxAddress));
  return (values, context, options) =>
    resolve(
      {
        ...values,
        rules: values.classifierType === 'ai' ? null : values.rules,
        instruction: values.classifierType === 'rules' ? '' : values.instruction,
        autopilotMinPrecision: values.classifierType === 'ai' ? values.autopilotMinPrecision : null,
      },
      context,
      options,
    );
}

const DEFAULT_DRAFTS = '__default__';
const ACTIONS = [
  { value: '0', key: 'none' },
  { value: '1', key: 'reply' },
  { value: '2', key: 'draft' },
] as const;

type CategoryFormProps = {
  category?: Category | undefined;
  /** The connected mailbox's address: no forwarding address may equal it. */
  mailboxAddress: string;
  mailboxes: MailboxNode[];
  provider: MailProviderName;
  onSubmit: (values: CategoryValues) => void;
  onCancel: () => void;
  pending: boolean;
  serverError: string | null;
  serverIssues?: ApiIssue[] | undefined;
  /** The accuracy on past mail (null: not measured yet; undefined: not known), for the autopilot limit. */
  accuracy?: AccuracyReport | null | undefined;
};

/** The category form (spec 02 §2, §3, §5), validated by the shared categoryInputSchema. */
export function CategoryForm(props: CategoryFormProps) {
  const { category, mailboxAddress, mailboxes, provider, pending } = props;
  const { t } = useTranslation();
  const confirmInstantReply = useInstantReplyConfirm('category');
  const defaultValues = useMemo(() => categoryFormDefaults(category), [category]);
  const [mode, setMode] = useState<PickerMode>(() => initialPickerMode(defaultValues));
  const resolver = useMemo(() => categoryResolver(mailboxAddress), [mailboxAddress]);
  const { register, control, handleSubmit, setValue, setError, formState } = useForm<CategoryInput, unknown, CategoryValues>({
    resolver,
    defaultValues,
  });
  const { errors } = formState;
  const classifierType = useWatch({ control, name: 'classifierType' });
  const action = useWatch({ control, name: 'action' });
  const context = provider === 'gmail' ? 'label' : 'folder';

  useEffect(() => {
    for (const issue of props.serverIssues ?? []) {
      if (issue.path.length) setError(issue.path.join('.') as Path<CategoryInput>, { message: issue.message });
    }
  }, [props.serverIssues, setError]);

  const instructionError = errors.instruction?.message;
  const responseError = errors.responseInstructions?.message;
  const rulesError = errors.rules as { message?: string; root?: { message?: string } } | undefined;
  const rulesMessage = rulesError?.message ?? rulesError?.root?.message;

  return (
    <form noValidate onSubmit={handleSubmit(props.onSubmit)} className="grid gap-6">
      {props.serverError && <Alert variant="error">{props.serverError}</Alert>}

      <div className="grid gap-2">
        <span id="classifier-label" className="text-sm font-medium">
          {t('categories.form.classifier')}
        </span>
        <Controller
          control={control}
          name="classifierType"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby="classifier-label"
              value={field.value}
              onValueChange={field.onChange}
              className="sm:grid-cols-2"
              disabled={pending}
            >
              <RadioCard
                value="ai"
                icon={Bot}
                title={t('categories.form.classifierAi')}
                hint={t('categories.form.classifierAiHint')}
              />
              <RadioCard
                value="rules"
                icon={Filter}
                title={t('categories.form.classifierRules')}
                hint={t('categories.form.classifierRulesHint')}
              />
            </RadioGroup>
          )}
        />
        {errors.classifierType?.message && <p className="text-sm text-destructive">{t(errors.classifierType.message)}</p>}
      </div>

      <CategoryPicker
        mode={mode}
        onModeChange={setMode}
        control={control}
        register={register}
        setValue={setValue}
        errors={errors}
        mailboxes={mailboxes}
        provider={provider}
        disabled={pending}
      />

      {classifierType === 'rules' ? (
        <div className="grid gap-2">
          <span className="text-sm font-medium">{t('categories.form.rules')}</span>
          <p className="text-xs text-muted-foreground">{t('categories.form.rulesHint')}</p>
          <RulesEditor control={control} errors={errors.rules} disabled={pending} />
          <RulesPreview control={control} disabled={pending} />
          {rulesMessage && (
            <p role="alert" className="text-sm text-destructive">
              {t(rulesMessage)}
            </p>
          )}
        </div>
      ) : (
        <FormField id="instruction" label={t('categories.form.instruction')} error={instructionError && t(instructionError)}>
          <Textarea
            rows={4}
            placeholder={t('categories.form.instructionPlaceholder')}
            disabled={pending}
            {...fieldA11y('instruction', instructionError)}
            {...register('instruction')}
          />
        </FormField>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="action">{t('categories.form.action')}</Label>
          <Controller
            control={control}
            name="action"
            render={({ field }) => (
              <Select
                value={String(field.value ?? '0')}
                onValueChange={(value) =>
                  value === '1' ? confirmInstantReply.ask(() => field.onChange(value)) : field.onChange(value)
                }
                disabled={pending}
              >
                <SelectTrigger id="action">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ACTIONS.map(({ value, key }) => (
                    <SelectItem key={value} value={value}>
                      {t(`categories.actions.${key}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
        {String(action) === '2' && (
          <div className="grid gap-2">
            <Label htmlFor="draftParentMailbox">{t('categories.form.draftFolder', { context })}</Label>
            <Controller
              control={control}
              name="draftParentMailbox"
              render={({ field }) => (
                <MailboxSelect
                  id="draftParentMailbox"
                  mailboxes={[
                    {
                      id: DEFAULT_DRAFTS,
                      name: '',
                      shortName: t('categories.form.defaultDrafts'),
                      specialUse: null,
                      children: [],
                    },
                    ...mailboxes,
                  ]}
                  value={field.value ?? DEFAULT_DRAFTS}
                  onChange={(id) => field.onChange(id === DEFAULT_DRAFTS ? null : id)}
                  disabled={pending}
                />
              )}
            />
          </div>
        )}
      </div>

      <FormField
        id="responseInstructions"
        label={t('categories.form.responseInstructions')}
        error={responseError && t(responseError)}
      >
        <Textarea
          rows={4}
          placeholder={t('categories.form.responseInstructionsPlaceholder')}
          disabled={pending}
          {...fieldA11y('responseInstructions', responseError)}
          aria-describedby={`${responseError ? 'responseInstructions-error ' : ''}responseInstructions-engine`}
          {...register('responseInstructions')}
        />
      </FormField>
      <p id="responseInstructions-engine" className="-mt-2 text-xs text-muted-foreground">
        {t('categories.form.responseInstructionsEngine')}
      </p>

      <Controller
        control={control}
        name="email"
        render={({ field }) => {
          const emails = Array.isArray(field.value) ? (field.value as string[]) : [];
          const { root, items } = listErrors(errors.email, emails);
          const messages = [...new Set([root, ...items].filter((m): m is string => !!m))];
          return (
            <div className="grid gap-2">
              <Label htmlFor="email">{t('categories.form.email')}</Label>
              <EmailChipsInput
                id="email"
                value={emails}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={items}
                disabled={pending}
                describedBy={messages.length ? 'email-error email-hint' : 'email-hint'}
              />
              <p id="email-hint" className="text-xs text-muted-foreground">
                {t('categories.form.emailHint', { max: FORWARDING_EMAILS_MAX })}
              </p>
              {messages.length > 0 && (
                <div id="email-error" className="grid gap-1 text-sm text-destructive">
                  {messages.map((message) => (
                    <p key={message}>{t(message)}</p>
                  ))}
                </div>
              )}
            </div>
          );
        }}
      />

      {classifierType === 'ai' && (
        <AutopilotControl control={control} disabled={pending} measured={measuredPrecision(props.accuracy, category?.id)} />
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={props.onCancel} disabled={pending}>
          {t('categories.form.cancel')}
        </Button>
        <Button type="submit" pending={pending}>
          {t('categories.form.save')}
        </Button>
      </div>
      {confirmInstantReply.dialog}
    </form>
  );
}

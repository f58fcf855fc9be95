import type { Category } from '@app/shared/categories';
import type { DryRunItem } from '@app/shared/dry-run';
import { SETTINGS_TOAST_MS, type MailboxNode } from '@app/shared/mail-settings';
import { Check, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useReviewDryRun } from '../api/review-dry-run';
import { actionText, decisionText, dryRunErrorMessage, webmailLink, type DryRunAction } from '../utils/dry-run';
import { categoryDisplayName } from './categories-table';

/** The "no category" choice of the correction select (the API's null). */
const NONE = '';

type DryRunItemRowProps = {
  item: DryRunItem;
  categories: Category[];
  mailboxes: MailboxNode[];
  /** Formats a date and time in the user's language. */
  formatTime: (iso: string) => string;
};

/** One message of the dry run: what the assistant would have done with it, and the owner's verdict. */
export function DryRunItemRow({ item, categories, mailboxes, formatTime }: DryRunItemRowProps) {
  const { t } = useTranslation();
  const review = useReviewDryRun();
  const [choosing, setChoosing] = useState(false);
  const id = useId();
  const subject = item.subject || t('mailSettings.dryRun.noSubject');
  const chosen = categories.find((c) => c.id === item.categoryId);
  const categoryName = item.categoryName || (chosen ? categoryDisplayName(chosen, mailboxes) : null);

  const right = () => {
    setChoosing(false);
    review.mutate({ id: item.id, verdict: { verdict: 'right' } });
  };
  const wrong = (categoryId: string | null) =>
    review.mutate(
      { id: item.id, verdict: { verdict: 'wrong', categoryId } },
      {
        onSuccess: () => {
          setChoosing(false);
          toast.success(t('mailSettings.dryRun.learned'), { duration: SETTINGS_TOAST_MS });
        },
      },
    );

  return (
    <li className="grid gap-2 rounded-md border p-3" aria-labelledby={`${id}-subject`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="min-w-0 truncate" title={item.from.address ?? undefined}>
          {item.from.name || item.from.address || t('mailSettings.dryRun.unknownSender')}
        </span>
        <time dateTime={item.receivedAt}>{formatTime(item.receivedAt)}</time>
      </div>
      <Link
        id={`${id}-subject`}
        to={webmailLink(item)}
        className="font-medium break-words text-accent underline-offset-4 hover:underline"
      >
        {subject}
      </Link>
      <div className="grid gap-1 text-sm">
        <p>{decisionText(t, item, categoryName)}</p>
        {item.reason && <p className="text-xs break-words text-muted-foreground">{item.reason}</p>}
        {item.actions.length > 0 && (
          <ul className="grid list-disc gap-1 pl-5" aria-label={t('mailSettings.dryRun.actionsLabel')}>
            {item.actions.map((action, index) => (
              <ActionLine key={`${action.kind}-${index}`} action={action} />
            ))}
          </ul>
        )}
      </div>
      <div
        role="group"
        aria-label={t('mailSettings.dryRun.verdictGroup', { subject })}
        className="flex flex-wrap items-center gap-2"
      >
        <span className="text-sm text-muted-foreground">{t('mailSettings.dryRun.verdictQuestion')}</span>
        <Button
          size="sm"
          variant={item.verdict === 'right' ? 'default' : 'outline'}
          aria-pressed={item.verdict === 'right'}
          pending={review.isPending && review.variables.verdict.verdict === 'right'}
          disabled={review.isPending}
          onClick={right}
        >
          <Check aria-hidden />
          {t('mailSettings.dryRun.right')}
        </Button>
        <Button
          size="sm"
          variant={item.verdict === 'wrong' ? 'default' : 'outline'}
          aria-pressed={item.verdict === 'wrong'}
          aria-expanded={choosing}
          aria-controls={choosing ? `${id}-correction` : undefined}
          disabled={review.isPending}
          onClick={() => setChoosing((open) => !open)}
        >
          <X aria-hidden />
          {t('mailSettings.dryRun.wrong')}
        </Button>
      </div>
      {choosing && (
        <Correction
          id={`${id}-correction`}
          item={item}
          categories={categories}
          mailboxes={mailboxes}
          pending={review.isPending}
          onSave={wrong}
          onCancel={() => setChoosing(false)}
        />
      )}
      {review.isError && (
        <p role="alert" className="text-sm text-destructive">
          {dryRunErrorMessage(review.error)}
        </p>
      )}
    </li>
  );
}

/** One thing the assistant would have done (or held back), with the text it would have written. */
function ActionLine({ action }: { action: DryRunAction }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <li>
      {actionText(t, action)}
      {action.text !== null && (action.kind === 'draft' || action.kind === 'reply') && (
        <>
          {' '}
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            aria-expanded={open}
            aria-controls={open ? textId : undefined}
            onClick={() => setOpen((shown) => !shown)}
          >
            {t(open ? 'mailSettings.dryRun.hideText' : 'mailSettings.dryRun.showText')}
          </Button>
          {open && (
            <pre id={textId} className="mt-1 rounded-md bg-muted p-2 font-sans text-sm break-words whitespace-pre-wrap">
              {action.text}
            </pre>
          )}
        </>
      )}
    </li>
  );
}

type CorrectionProps = {
  id: string;
  item: DryRunItem;
  categories: Category[];
  mailboxes: MailboxNode[];
  pending: boolean;
  onSave: (categoryId: string | null) => void;
  onCancel: () => void;
};

/** Where the message belongs instead: another category, or none (it stays in the inbox). */
function Correction({ id, item, categories, mailboxes, pending, onSave, onCancel }: CorrectionProps) {
  const { t } = useTranslation();
  // The assistant's own choice is left out: choosing it again would correct nothing.
  const options = [
    ...categories.filter((c) => c.id !== item.categoryId).map((c) => ({ value: c.id, label: categoryDisplayName(c, mailboxes) })),
    ...(item.categoryId === null ? [] : [{ value: NONE, label: t('mailSettings.dryRun.noCategoryOption') }]),
  ];
  const [choice, setChoice] = useState(options[0]?.value);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (choice === undefined || pending) return;
    onSave(choice === NONE ? null : choice);
  };
  return (
    <form id={id} noValidate onSubmit={save} className="flex flex-wrap items-end gap-2 rounded-md bg-muted/50 p-2">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-category`}>{t('mailSettings.dryRun.belongsIn')}</Label>
        <select
          id={`${id}-category`}
          className="h-8 max-w-xs rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          value={choice ?? ''}
          disabled={pending || options.length === 0}
          onChange={(event) => setChoice(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value || 'none'} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" pending={pending} disabled={choice === undefined}>
        {t('mailSettings.dryRun.save')}
      </Button>
      <Button type="button" size="sm" variant="ghost" disabled={pending} onClick={onCancel}>
        {t('mailSettings.dryRun.cancel')}
      </Button>
    </form>
  );
}

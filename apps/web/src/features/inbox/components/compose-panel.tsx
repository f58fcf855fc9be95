import { ATTACHMENTS_MAX_BYTES, attachmentsTooLarge, composeFieldsSchema } from '@app/shared/mailbox';
import { Paperclip, Send, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { fieldA11y } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { currentLanguage } from '@/lib/i18n';
import { mapApiError } from '@/lib/error-mapper';
import { useSaveDraft, useSendMessage } from '../api/send-message';
import type { ComposeDraft } from '../utils/compose-draft';
import { formatSize } from '../utils/relative-time';
import { ComposeFrame } from './compose-frame';
import { RecipientInput } from './recipient-input';

type FieldErrors = Partial<Record<'to' | 'cc' | 'bcc' | 'subject' | 'body' | 'attachments', string>>;

/** The compose panel sliding over the list, in compose, reply and forward modes (spec 02 §2, §5). */
export function ComposePanel({ initial, onClose }: { initial: ComposeDraft; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const [draft, setDraft] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  const [showCopies, setShowCopies] = useState(initial.cc.length > 0 || initial.bcc.length > 0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendMessage();
  const saveDraft = useSaveDraft();
  const forwarded = draft.forwarded ?? [];
  const sizes = [...forwarded.map((a) => a.size), ...files.map((f) => f.size)];
  const total = sizes.reduce((sum, s) => sum + s, 0);
  const tooLarge = attachmentsTooLarge(sizes);

  const set = <K extends keyof ComposeDraft>(key: K, value: ComposeDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function validate(): boolean {
    const result = composeFieldsSchema.safeParse({
      to: draft.to,
      cc: draft.cc,
      bcc: draft.bcc,
      subject: draft.subject,
      body: draft.body,
    });
    const next: FieldErrors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0]) as keyof FieldErrors;
        next[field] ??= t(issue.message);
      }
    }
    if (tooLarge) next.attachments = t('inbox.validation.attachmentsTooLarge');
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  const outgoing = () => ({
    to: draft.to,
    cc: draft.cc,
    bcc: draft.bcc,
    subject: draft.subject,
    body: draft.body,
    inReplyTo: draft.inReplyTo,
    references: draft.references,
    replyToUid: draft.replyToUid,
    replyToFolder: draft.replyToFolder,
    forwardUid: draft.forwardUid,
    forwardFolder: draft.forwardFolder,
    attachments: files,
  });

  function onSend() {
    if (!validate()) return;
    send.mutate(outgoing(), {
      onSuccess: () => {
        toast.success(t('inbox.compose.sent'));
        setDraft({ ...initial, to: [], cc: [], bcc: [], subject: '', body: '' });
        setFiles([]);
        onClose();
      },
      onError: (error) => toast.error(mapApiError(error).message),
    });
  }

  function onSaveDraft() {
    if (tooLarge) {
      setErrors({ attachments: t('inbox.validation.attachmentsTooLarge') });
      return;
    }
    saveDraft.mutate(outgoing(), {
      onSuccess: () => toast.success(t('inbox.compose.draftSaved')),
      onError: (error) => toast.error(mapApiError(error).message),
    });
  }

  return (
    <ComposeFrame mode={draft.mode} onClose={onClose}>
      <form
        className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-4 py-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSend();
        }}
      >
        <RecipientInput
          id="compose-to"
          label={t('inbox.compose.to')}
          value={draft.to}
          onChange={(v) => set('to', v)}
          error={errors.to}
          autoFocus={draft.mode === 'compose' || draft.mode === 'forward'}
        />
        {showCopies ? (
          <>
            <RecipientInput
              id="compose-cc"
              label={t('inbox.compose.cc')}
              value={draft.cc}
              onChange={(v) => set('cc', v)}
              error={errors.cc}
            />
            <RecipientInput
              id="compose-bcc"
              label={t('inbox.compose.bcc')}
              value={draft.bcc}
              onChange={(v) => set('bcc', v)}
              error={errors.bcc}
            />
          </>
        ) : (
          <button type="button" className="self-end text-xs text-accent hover:underline" onClick={() => setShowCopies(true)}>
            {t('inbox.compose.showCopies')}
          </button>
        )}
        <label htmlFor="compose-subject" className="sr-only">
          {t('inbox.compose.subject')}
        </label>
        <Input
          {...fieldA11y('compose-subject', errors.subject)}
          placeholder={t('inbox.compose.subject')}
          value={draft.subject}
          onChange={(e) => set('subject', e.target.value)}
          className="mt-1"
        />
        {errors.subject && (
          <p id="compose-subject-error" className="text-xs text-destructive">
            {errors.subject}
          </p>
        )}
        <label htmlFor="compose-body" className="sr-only">
          {t('inbox.compose.body')}
        </label>
        <textarea
          {...fieldA11y('compose-body', errors.body)}
          placeholder={t('inbox.compose.body')}
          value={draft.body}
          autoFocus={draft.mode === 'reply' || draft.mode === 'replyAll'}
          onFocus={(e) => {
            if (draft.mode !== 'compose' && e.target.selectionStart === e.target.value.length) e.target.setSelectionRange(0, 0);
          }}
          onChange={(e) => set('body', e.target.value)}
          className="mt-1 min-h-64 flex-1 resize-none rounded-md border border-input bg-background p-3 font-sans text-sm focus-visible:outline-2 focus-visible:outline-ring"
        />
        {errors.body && (
          <p id="compose-body-error" className="text-xs text-destructive">
            {errors.body}
          </p>
        )}
        {forwarded.length > 0 && (
          <ul className="mt-2 grid gap-1" aria-label={t('inbox.compose.forwardedAttachments')}>
            {forwarded.map((a) => (
              <li key={a.index} className="flex items-center justify-between rounded border border-dashed px-2 py-1 text-sm">
                <span className="truncate">
                  {a.filename} <span className="text-muted-foreground">({formatSize(a.size, locale)})</span>
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('inbox.compose.removeAttachment', { name: a.filename })}
                  onClick={() => setDraft((d) => ({ ...d, forwardUid: undefined, forwardFolder: undefined, forwarded: [] }))}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {files.length > 0 && (
          <ul className="mt-2 grid gap-1" aria-label={t('inbox.read.attachments')}>
            {files.map((file, i) => (
              <li key={`${file.name}-${i}`} className="flex items-center justify-between rounded border px-2 py-1 text-sm">
                <span className="truncate">
                  {file.name} <span className="text-muted-foreground">({formatSize(file.size, locale)})</span>
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('inbox.compose.removeAttachment', { name: file.name })}
                  onClick={() => setFiles((list) => list.filter((_, j) => j !== i))}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <p className={tooLarge ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'} data-testid="attachments-total">
          {t('inbox.compose.attachmentsTotal', {
            size: formatSize(total, locale),
            max: formatSize(ATTACHMENTS_MAX_BYTES, locale),
          })}
        </p>
        {(errors.attachments || tooLarge) && (
          <p className="text-xs text-destructive" role="alert">
            {t('inbox.validation.attachmentsTooLarge')}
          </p>
        )}
        <div className="sticky bottom-0 mt-2 flex items-center gap-2 border-t bg-background py-2">
          <Button type="submit" pending={send.isPending}>
            <Send aria-hidden />
            {t('inbox.compose.send')}
          </Button>
          <Button type="button" variant="outline" pending={saveDraft.isPending} onClick={onSaveDraft}>
            {t('inbox.compose.saveDraft')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            multiple
            className="sr-only"
            aria-label={t('inbox.compose.attach')}
            data-testid="compose-files"
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              setFiles((list) => [...list, ...picked]);
              setErrors((er) => ({ ...er, attachments: undefined }));
              e.target.value = '';
            }}
          />
          <Button type="button" variant="ghost" onClick={() => fileInput.current?.click()}>
            <Paperclip aria-hidden />
            {t('inbox.compose.attach')}
          </Button>
        </div>
      </form>
    </ComposeFrame>
  );
}

import { attachmentsTooLarge, composeFieldsSchema } from '@app/shared/mailbox';
import { Paperclip, Send, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { fieldA11y } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { mapApiError } from '@/lib/error-mapper';
import { useDiscardDraft } from '../api/discard-draft';
import { useSendMessage } from '../api/send-message';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { type ComposeDraft, withAiText } from '../utils/compose-draft';
import { AiDraftButton } from './ai-draft-button';
import { ComposeAttachments } from './compose-attachments';
import { ComposeFrame } from './compose-frame';
import { RecipientInput } from './recipient-input';

type FieldErrors = Partial<Record<'to' | 'cc' | 'bcc' | 'subject' | 'body' | 'attachments', string>>;

/**
 * The compose panel sliding over the list, in compose, reply and forward modes and for a saved draft
 * reopened (spec 02 §2, §5). What is written is saved as a draft while it is written
 * (`useDraftAutosave`); closing saves what is new first and stays open if that fails, so that no text
 * is lost; Discard deletes the draft; Send sends it and the server deletes the draft.
 */
export function ComposePanel({ initial, onClose }: { initial: ComposeDraft; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  const [showCopies, setShowCopies] = useState(initial.cc.length > 0 || initial.bcc.length > 0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'send' | 'discard' | 'close' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const aiText = useRef<string | undefined>(undefined);
  const send = useSendMessage();
  const discard = useDiscardDraft();
  const autosave = useDraftAutosave(initial, draft, files, (saved) => setFiles((list) => list.filter((f) => !saved.includes(f))));
  const carried = autosave.forwarded;
  const tooLarge = attachmentsTooLarge([...carried.map((a) => a.size), ...files.map((f) => f.size)]);

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

  async function onSend() {
    if (busy || !validate()) return;
    setBusy('send');
    const message = await autosave.hold();
    send.mutate(message, {
      onSuccess: () => {
        autosave.stop();
        toast.success(t('inbox.compose.sent'));
        onClose();
      },
      onError: (error) => {
        autosave.resume();
        setBusy(null);
        toast.error(mapApiError(error).message);
      },
    });
  }

  async function onSaveDraft() {
    if (tooLarge) {
      setErrors({ attachments: t('inbox.validation.attachmentsTooLarge') });
      return;
    }
    if (await autosave.flush(true)) toast.success(t('inbox.compose.draftSaved'));
    else toast.error(t('inbox.compose.saveFailed'));
  }

  async function onDiscard() {
    if (busy) return;
    setBusy('discard');
    const { draftUid, draftFolder } = await autosave.hold();
    if (!draftUid || !draftFolder) {
      autosave.stop();
      onClose();
      return;
    }
    discard.mutate(
      { uid: draftUid, folder: draftFolder },
      {
        onSuccess: () => {
          autosave.stop();
          toast.success(t('inbox.compose.draftDiscarded'));
          onClose();
        },
        onError: (error) => {
          autosave.resume();
          setBusy(null);
          toast.error(mapApiError(error).message);
        },
      },
    );
  }

  /** Closing saves what is new first; a failed save keeps the panel open (its status says why). */
  async function requestClose() {
    if (busy) return;
    setBusy('close');
    const saved = await autosave.flush();
    setBusy(null);
    if (saved) onClose();
  }

  const insertAiText = (text: string) => {
    const previous = aiText.current;
    aiText.current = text.trim();
    setDraft((d) => ({ ...d, body: withAiText(d.body, text, previous) }));
    setErrors((e) => ({ ...e, body: undefined }));
    body.current?.focus();
  };

  const replying = draft.mode === 'reply' || draft.mode === 'replyAll';
  return (
    <ComposeFrame mode={draft.mode} onClose={() => void requestClose()}>
      <form
        className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-4 py-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSend();
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
        {draft.aiSource && (
          <div className="mt-1">
            <AiDraftButton source={draft.aiSource} onText={insertAiText} />
          </div>
        )}
        <label htmlFor="compose-body" className="sr-only">
          {t('inbox.compose.body')}
        </label>
        <textarea
          {...fieldA11y('compose-body', errors.body)}
          ref={body}
          placeholder={t('inbox.compose.body')}
          value={draft.body}
          autoFocus={replying || draft.mode === 'draft'}
          onFocus={(e) => {
            if ((replying || draft.mode === 'forward') && e.target.selectionStart === e.target.value.length)
              e.target.setSelectionRange(0, 0);
          }}
          onChange={(e) => set('body', e.target.value)}
          className="mt-1 min-h-64 flex-1 resize-none rounded-md border border-input bg-background p-3 font-sans text-sm focus-visible:outline-2 focus-visible:outline-ring"
        />
        {errors.body && (
          <p id="compose-body-error" className="text-xs text-destructive">
            {errors.body}
          </p>
        )}
        <ComposeAttachments
          carried={carried}
          files={files}
          tooLarge={tooLarge}
          onDropCarried={autosave.dropForwarded}
          onRemoveFile={(i) => setFiles((list) => list.filter((_, j) => j !== i))}
        />
        {(errors.attachments || tooLarge) && (
          <p className="text-xs text-destructive" role="alert">
            {t('inbox.validation.attachmentsTooLarge')}
          </p>
        )}
        <div className="sticky bottom-0 mt-2 flex flex-wrap items-center gap-2 border-t bg-background py-2">
          <Button type="submit" pending={busy === 'send'}>
            <Send aria-hidden />
            {t('inbox.compose.send')}
          </Button>
          <Button type="button" variant="outline" pending={autosave.status === 'saving'} onClick={() => void onSaveDraft()}>
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
          <span role="status" className="text-xs text-muted-foreground" data-testid="draft-status">
            {autosave.status === 'saving'
              ? t('inbox.compose.saving')
              : autosave.status === 'saved'
                ? t('inbox.compose.saved')
                : ''}
          </span>
          <Button type="button" variant="ghost" className="ml-auto" pending={busy === 'discard'} onClick={() => void onDiscard()}>
            <Trash2 aria-hidden />
            {t('inbox.compose.discard')}
          </Button>
          {autosave.status === 'error' && (
            <p role="alert" className="basis-full text-xs text-destructive">
              {t('inbox.compose.saveFailed')}
            </p>
          )}
        </div>
      </form>
    </ComposeFrame>
  );
}

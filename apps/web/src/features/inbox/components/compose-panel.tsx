import { Paperclip, Send, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldA11y } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useComposeMessage } from '../hooks/use-compose-message';
import type { ComposeDraft } from '../utils/compose-draft';
import { AiDraftButton } from './ai-draft-button';
import { ComposeAttachments } from './compose-attachments';
import { ComposeFrame } from './compose-frame';
import { DraftReviewPanel } from './draft-review-panel';
import { RecipientInput } from './recipient-input';

/**
 * The compose panel sliding over the list, in compose, reply and forward modes and for a saved draft
 * reopened (spec 02 §2, §5). What is written is saved as a draft while it is written; closing saves
 * what is new first and stays open if that fails, so that no text is lost; Discard deletes the draft;
 * Send sends it and the server deletes the draft (`useComposeMessage`). Under the body, an AI draft
 * says what it stands on and what to check before sending (`DraftReviewPanel`).
 */
export function ComposePanel({ initial, onClose }: { initial: ComposeDraft; onClose: () => void }) {
  const { t } = useTranslation();
  const compose = useComposeMessage(initial, onClose);
  const { draft, set, errors, busy, files, carried, tooLarge } = compose;
  const fileInput = useRef<HTMLInputElement>(null);

  const replying = draft.mode === 'reply' || draft.mode === 'replyAll';
  return (
    <ComposeFrame mode={draft.mode} onClose={() => void compose.requestClose()}>
      <form
        className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-4 py-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void compose.send();
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
        {compose.showCopies ? (
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
          <button type="button" className="self-end text-xs text-accent hover:underline" onClick={compose.revealCopies}>
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
            <AiDraftButton source={draft.aiSource} onDraft={compose.insertAiDraft} />
          </div>
        )}
        <label htmlFor="compose-body" className="sr-only">
          {t('inbox.compose.body')}
        </label>
        <textarea
          {...fieldA11y('compose-body', errors.body)}
          ref={compose.body}
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
        {draft.aiReview && <DraftReviewPanel review={draft.aiReview} />}
        <ComposeAttachments
          carried={carried}
          files={files}
          tooLarge={tooLarge}
          onDropCarried={compose.dropCarried}
          onRemoveFile={compose.removeFile}
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
          <Button
            type="button"
            variant="outline"
            pending={compose.saveStatus === 'saving'}
            onClick={() => void compose.saveDraft()}
          >
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
              compose.addFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <Button type="button" variant="ghost" onClick={() => fileInput.current?.click()}>
            <Paperclip aria-hidden />
            {t('inbox.compose.attach')}
          </Button>
          <span role="status" className="text-xs text-muted-foreground" data-testid="draft-status">
            {compose.saveStatus === 'saving'
              ? t('inbox.compose.saving')
              : compose.saveStatus === 'saved'
                ? t('inbox.compose.saved')
                : ''}
          </span>
          <Button
            type="button"
            variant="ghost"
            className="ml-auto"
            pending={busy === 'discard'}
            onClick={() => void compose.discard()}
          >
            <Trash2 aria-hidden />
            {t('inbox.compose.discard')}
          </Button>
          {compose.saveStatus === 'error' && (
            <p role="alert" className="basis-full text-xs text-destructive">
              {t('inbox.compose.saveFailed')}
            </p>
          )}
        </div>
      </form>
    </ComposeFrame>
  );
}

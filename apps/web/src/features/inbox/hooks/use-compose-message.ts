import { type AiDraft, attachmentsTooLarge, composeFieldsSchema } from '@app/shared/mailbox';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapApiError } from '@/lib/error-mapper';
import { toast } from '@/lib/toast';
import { useDiscardDraft } from '../api/discard-draft';
import { useSendMessage } from '../api/send-message';
import { type ComposeDraft, withAiText } from '../utils/compose-draft';
import { useDraftAutosave } from './use-draft-autosave';

export type ComposeFieldErrors = Partial<Record<'to' | 'cc' | 'bcc' | 'subject' | 'body' | 'attachments', string>>;

/**
 * The compose panel's message and what is done with it (spec 02 §2, §5): the fields and their
 * errors, the files attached, the draft saved while it is written (`useDraftAutosave`), Send, Save
 * draft, Discard, and closing, which saves what is new first and keeps the panel open if that fails,
 * so that no text is lost. `busy` is what is under way; a second request waits for it to end.
 */
export function useComposeMessage(initial: ComposeDraft, onClose: () => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  const [showCopies, setShowCopies] = useState(initial.cc.length > 0 || initial.bcc.length > 0);
  const [errors, setErrors] = useState<ComposeFieldErrors>({});
  const [busy, setBusy] = useState<'send' | 'discard' | 'close' | null>(null);
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
    const next: ComposeFieldErrors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0]) as keyof ComposeFieldErrors;
        next[field] ??= t(issue.message);
      }
    }
    if (tooLarge) next.attachments = t('inbox.validation.attachmentsTooLarge');
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  async function sendMessage() {
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

  async function saveDraft() {
    if (tooLarge) {
      setErrors({ attachments: t('inbox.validation.attachmentsTooLarge') });
      return;
    }
    if (await autosave.flush(true)) toast.success(t('inbox.compose.draftSaved'));
    else toast.error(t('inbox.compose.saveFailed'));
  }

  async function discardDraft() {
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

  /**
   * "Draft with AI": its text goes over the quote, in place of the one it gave before, and what it
   * stands on replaces the previous draft's (it stays when the owner edits or clears the body: it
   * describes the draft they started from).
   */
  const insertAiDraft = ({ text, review }: AiDraft) => {
    const previous = aiText.current;
    aiText.current = text.trim();
    setDraft((d) => ({ ...d, body: withAiText(d.body, text, previous), aiReview: review }));
    setErrors((e) => ({ ...e, body: undefined }));
    body.current?.focus();
  };

  return {
    draft,
    set,
    errors,
    busy,
    showCopies,
    revealCopies: () => setShowCopies(true),
    /** The attachments the draft carries (see `useDraftAutosave`), the files added here, and whether they are too large together. */
    carried,
    files,
    tooLarge,
    addFiles: (picked: File[]) => {
      setFiles((list) => [...list, ...picked]);
      setErrors((er) => ({ ...er, attachments: undefined }));
    },
    removeFile: (index: number) => setFiles((list) => list.filter((_, j) => j !== index)),
    dropCarried: autosave.dropForwarded,
    saveStatus: autosave.status,
    /** The body's text area, focused when the AI's text comes. */
    body,
    insertAiDraft,
    send: sendMessage,
    saveDraft,
    discard: discardDraft,
    requestClose,
  };
}

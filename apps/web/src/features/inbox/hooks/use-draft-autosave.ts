import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { mailboxKeys } from '../api/keys';
import { type OutgoingMessage, saveDraft } from '../api/send-message';
import { afterSave, type ComposeDraft, contentKey, type DraftIdentity, identityOf } from '../utils/compose-draft';

/** How long after the last change a draft is saved (docs/decisions.md, "Webmail drafts"). */
export const AUTOSAVE_DELAY_MS = 2500;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/**
 * The compose panel's draft kept on the server while it is written: saved 2.5 s after the last
 * change, on request, and when the panel closes; each save replaces the version before it (the hook
 * owns which draft that is, and the attachments it carries). Saves run one after another, never
 * two at once; a send or a discard first waits for the one under way (`hold`). A failed save changes
 * nothing in the panel: the status says so and the next change tries again.
 */
export function useDraftAutosave(
  initial: ComposeDraft,
  draft: ComposeDraft,
  files: File[],
  onFilesSaved: (saved: File[]) => void,
) {
  const queryClient = useQueryClient();
  const [identity, showIdentity] = useState<DraftIdentity>(() => identityOf(initial));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const current = useRef({ identity: identityOf(initial), draft, files });
  const savedKey = useRef(contentKey(initial, []));
  const savedFiles = useRef(new WeakSet<File>());
  const chain = useRef<Promise<boolean>>(Promise.resolve(true));
  const mode = useRef<'open' | 'held' | 'stopped'>('open');
  const filesSaved = useRef(onFilesSaved);

  useLayoutEffect(() => {
    current.current.draft = draft;
    current.current.files = files;
    filesSaved.current = onFilesSaved;
  });

  const setIdentity = useCallback((next: DraftIdentity) => {
    current.current.identity = next;
    showIdentity(next);
  }, []);

  const unsavedFiles = () => current.current.files.filter((f) => !savedFiles.current.has(f));
  const key = () => contentKey({ ...current.current.draft, forwarded: current.current.identity.forwarded }, unsavedFiles());
  const dirty = () => key() !== savedKey.current;

  /** The message as it stands: the panel's content with the draft it replaces and the files not yet in it. */
  const outgoing = useCallback((): OutgoingMessage => {
    const {
      mode: _mode,
      aiSource: _ai,
      aiReview: _review,
      forwarded: _forwarded,
      ...fields
    } = { ...current.current.draft, ...current.current.identity };
    return { ...fields, attachments: unsavedFiles() };
  }, []);

  const save = useCallback(
    (force = false): Promise<boolean> => {
      const run = async () => {
        if (mode.current !== 'open' || (!force && !dirty())) return true;
        const message = outgoing();
        const written = key();
        setStatus('saving');
        try {
          const saved = await saveDraft(message);
          for (const file of message.attachments) savedFiles.current.add(file);
          setIdentity(afterSave(current.current.identity, saved, message.attachments));
          savedKey.current = written;
          setStatus('saved');
          if (message.attachments.length) filesSaved.current(message.attachments);
          void queryClient.invalidateQueries({ queryKey: mailboxKeys.lists() });
          void queryClient.invalidateQueries({ queryKey: mailboxKeys.folders() });
          return true;
        } catch {
          setStatus('error');
          return false;
        }
      };
      chain.current = chain.current.then(run, run);
      return chain.current;
    },
    [outgoing, queryClient, setIdentity],
  );

  // Saved a moment after the last change.
  const forwarded = identity.forwarded;
  useEffect(() => {
    if (mode.current !== 'open' || !dirty()) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // `dirty` reads this state through refs, updated before this effect runs.
  }, [draft, files, forwarded, save]);

  // Closed without the close button (the page left): what is new is saved all the same.
  const latestSave = useRef(save);
  useLayoutEffect(() => {
    latestSave.current = save;
  });
  useEffect(
    () => () => {
      if (mode.current === 'open' && dirty()) void latestSave.current();
    },
    [],
  );

  return {
    status,
    /** The attachments the draft carries (a forward's original's, a reopened draft's, files already saved). */
    forwarded: identity.forwarded ?? [],
    /** Saves now when something is new (or always, `force`); true when nothing is left unsaved. */
    flush: save,
    /** Stops saving for a send or a discard, after the save under way; answers the message as it stands. */
    hold: async () => {
      mode.current = 'held';
      await chain.current;
      return outgoing();
    },
    /** Saving goes on (the send or the discard failed). */
    resume: () => {
      mode.current = 'open';
    },
    /** No more saves: the draft was sent or discarded. */
    stop: () => {
      mode.current = 'stopped';
    },
    /** The carried attachments are taken off. */
    dropForwarded: () =>
      setIdentity({ ...current.current.identity, forwardUid: undefined, forwardFolder: undefined, forwarded: [] }),
  };
}

import { useState } from 'react';
import { type ComposeDraft, emptyDraft } from '../utils/compose-draft';

/** What the compose panel opens with (null: it is closed). */
export function useInboxCompose() {
  const [draft, setDraft] = useState<ComposeDraft | null>(null);
  return {
    draft,
    /** Opens the panel on this draft (a reply, a forward, a saved draft); stable across renders. */
    start: setDraft,
    /** A new, empty message. */
    startNew: () => setDraft(emptyDraft()),
    close: () => setDraft(null),
  };
}

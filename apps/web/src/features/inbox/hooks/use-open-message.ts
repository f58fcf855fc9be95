import { useEffect, useState } from 'react';
import { useMessage } from '../api/get-message';
import { type ComposeDraft, draftFromSaved } from '../utils/compose-draft';

/**
 * The message open in the reading panel (null: the list shows). A draft (the owner's own, or one the
 * assistant wrote) does not stay there: it goes to `onDraft`, to open in the compose panel, editable.
 */
export function useOpenMessage(folder: string, initialUid: string | null, onDraft: (draft: ComposeDraft) => void) {
  const [openUid, setOpenUid] = useState<string | null>(initialUid);
  const message = useMessage(folder, openUid);

  const opened = message.data;
  useEffect(() => {
    if (!openUid || !opened?.isDraft || opened.uid !== openUid || opened.folder !== folder) return;
    onDraft(draftFromSaved(opened));
    setOpenUid(null);
  }, [openUid, opened, folder, onDraft]);

  return { openUid, message, show: setOpenUid, close: () => setOpenUid(null) };
}

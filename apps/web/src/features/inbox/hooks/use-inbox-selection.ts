import { useState } from 'react';

/** The rows ticked, and the row the keyboard is on (its index in the page). */
export function useInboxSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [cursor, setCursor] = useState(0);

  return {
    selected,
    cursor,
    setCursor,
    toggle: (uid: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(uid)) next.delete(uid);
        else next.add(uid);
        return next;
      }),
    /** Ticks every row of the page, or none when all already are. */
    toggleAll: (uids: string[]) => setSelected((s) => (uids.every((uid) => s.has(uid)) ? new Set() : new Set(uids))),
    clearSelection: () => setSelected(new Set()),
    /** A new page: nothing ticked, the keyboard on the first row. */
    reset: () => {
      setSelected(new Set());
      setCursor(0);
    },
  };
}

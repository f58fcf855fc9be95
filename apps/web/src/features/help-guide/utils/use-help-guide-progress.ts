import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { parseProgress, progressKey, type HelpGuideProgress } from './progress';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same user moves the same progress.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readRaw(uid: string) {
  try {
    return localStorage.getItem(progressKey(uid));
  } catch {
    return null;
  }
}

/** The help guide progress of user `uid` as stored now. */
export const readProgress = (uid: string) => parseProgress(readRaw(uid));

/** The help guide progress of user `uid`, kept in local storage, and a function to change it. */
export function useHelpGuideProgress(uid: string) {
  const raw = useSyncExternalStore(subscribe, () => readRaw(uid));
  const progress = useMemo(() => parseProgress(raw), [raw]);
  const update = useCallback(
    (change: (current: HelpGuideProgress) => HelpGuideProgress) => {
      const next = change(readProgress(uid));
      try {
        localStorage.setItem(progressKey(uid), JSON.stringify(next));
      } catch {
        // Storage full or disabled: there is nowhere to keep the progress, so it stays as it was.
      }
      listeners.forEach((listener) => listener());
    },
    [uid],
  );
  return [progress, update] as const;
}

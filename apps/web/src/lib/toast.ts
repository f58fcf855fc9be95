import { useSyncExternalStore } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning';
type Message = Parameters<typeof sonnerToast.success>[0];

let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: Message, options?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('sonner').then((sonner) => sonner.toast[kind](message, options));
}

/**
 * Sonner's `toast`, with sonner loaded at the first toast rather than with the first page: most
 * visits (and the sign-in page) show none. The first call mounts the app's toaster (`AppToaster`);
 * a toast published before that toaster subscribes is not lost, sonner replays active toasts to a
 * new subscriber.
 */
export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
};

/** For `AppToaster`: whether a toast has been asked for yet. */
export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

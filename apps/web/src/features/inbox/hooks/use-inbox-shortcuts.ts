import type { EmailListItem } from '@app/shared/mailbox';
import { useEffect, useRef, useState } from 'react';
import type { useInboxActions } from './use-inbox-actions';
import type { useInboxCompose } from './use-inbox-compose';
import type { useInboxSelection } from './use-inbox-selection';
import type { useOpenMessage } from './use-open-message';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Enter on a focused button or link activates it: the shortcut must not take it over. */
const activatesControl = (event: KeyboardEvent) =>
  event.key === 'Enter' && event.target instanceof Element && Boolean(event.target.closest('button, a[href], [role="button"]'));

type Webmail = {
  /** The rows of the page shown. */
  messages: EmailListItem[];
  selection: ReturnType<typeof useInboxSelection>;
  reader: ReturnType<typeof useOpenMessage>;
  compose: ReturnType<typeof useInboxCompose>;
  actions: Pick<ReturnType<typeof useInboxActions>, 'open' | 'star' | 'archive' | 'remove' | 'spam' | 'respond'>;
};

/**
 * Gmail's shortcuts (decisions: Webmail); none fire while typing or composing. They act on the
 * message open, else the rows ticked, else the row the keyboard is on. `?` shows or hides their help
 * (`help`); `/` goes to the search box (`searchBox`).
 */
export function useInboxShortcuts({ messages, selection, reader, compose, actions }: Webmail) {
  const [help, setHelp] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const { cursor, setCursor, selected } = selection;
    const { openUid } = reader;
    const { open } = actions;
    const focused = messages[cursor];
    const current = openUid ?? focused?.uid ?? null;
    const targets = () => (openUid ? [openUid] : selected.size ? [...selected] : focused ? [focused.uid] : []);
    function onKey(event: KeyboardEvent) {
      if (compose.draft || event.metaKey || event.ctrlKey || event.altKey || typing(event.target) || activatesControl(event))
        return;
      if (document.querySelector('[role="dialog"]') && event.key !== '?') return;
      const key = event.key;
      const handled = () => event.preventDefault();
      if (key === 'j' || key === 'ArrowDown') {
        handled();
        const next = Math.min(messages.length - 1, cursor + 1);
        setCursor(next);
        if (openUid && messages[next]) open(messages[next].uid);
      } else if (key === 'k' || key === 'ArrowUp') {
        handled();
        const prev = Math.max(0, cursor - 1);
        setCursor(prev);
        if (openUid && messages[prev]) open(messages[prev].uid);
      } else if ((key === 'o' || key === 'Enter') && focused && !openUid) {
        handled();
        open(focused.uid);
      } else if ((key === 'u' || key === 'Escape') && openUid) {
        handled();
        reader.close();
      } else if (key === 'x' && focused && !openUid) {
        handled();
        selection.toggle(focused.uid);
      } else if (key === 's' && current) {
        handled();
        const row = messages.find((m) => m.uid === current);
        actions.star(current, !(row?.isFlagged ?? reader.message.data?.isFlagged ?? false));
      } else if (key === 'e') {
        handled();
        actions.archive(targets());
      } else if (key === '#') {
        handled();
        actions.remove(targets());
      } else if (key === '!') {
        handled();
        actions.spam(targets());
      } else if ((key === 'r' || key === 'a' || key === 'f') && current) {
        handled();
        void actions.respond(key === 'r' ? 'reply' : key === 'a' ? 'replyAll' : 'forward', current);
      } else if (key === 'c') {
        handled();
        compose.startNew();
      } else if (key === '/') {
        handled();
        searchBox.current?.focus();
      } else if (key === '?') {
        handled();
        setHelp((h) => !h);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return { help, setHelp, searchBox };
}

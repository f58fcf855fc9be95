import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export type DeepLink = { folder: string | null; uid: string | null };

/**
 * `/inbox?folder=<path>&uid=<uid>` (the mail settings' dry run links its messages so): the folder and
 * the message to open first, read once on mount. The parameters are then taken out of the address, so
 * that a reload or a return to the webmail opens it as usual.
 */
export function useDeepLink(): DeepLink {
  const [params, setParams] = useSearchParams();
  const [link] = useState<DeepLink>(() => ({ folder: params.get('folder') || null, uid: params.get('uid') || null }));
  useEffect(() => {
    if (!link.folder && !link.uid) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('folder');
        next.delete('uid');
        return next;
      },
      { replace: true },
    );
  }, [link, setParams]);
  return link;
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useFolders } from '../api/get-folders';
import { findByUse } from '../components/folder-tree';

/** The mailbox's folders (a failure to read them says so in a toast too), and where its special folders are. */
export function useFolderTree() {
  const { t } = useTranslation();
  const folders = useFolders();
  const tree = folders.data ?? [];

  useEffect(() => {
    if (folders.isError) toast.error(t('inbox.folders.error'));
  }, [folders.isError, t]);

  return {
    folders,
    tree,
    /** The path of the first folder with one of these special uses ('\\trash'…), or null. */
    pathOf: (...uses: string[]) => findByUse(tree, ...uses)?.path ?? null,
  };
}

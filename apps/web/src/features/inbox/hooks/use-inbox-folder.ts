import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { firstPage } from '../api/prefetch-inbox';

/** Which page of which folder the list shows, and the search typed over it. */
export function useInboxFolder(initialFolder: string) {
  const [folder, setFolder] = useState(initialFolder);
  const [page, setPage] = useState(firstPage.page);
  const [searchText, setSearchText] = useState('');
  const typedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // Cleared (by hand or by a folder change), the search stops at once, not half a second later.
  const search = searchText.trim() === '' ? '' : typedSearch;

  return {
    folder,
    page,
    /** What the search box shows; `search` is what the list is asked with. */
    searchText,
    search,
    /** Another folder opens on its first page, without the search. */
    openFolder: (path: string) => {
      setFolder(path);
      setSearchText('');
      setPage(1);
    },
    goToPage: setPage,
    /** A search starts on the first page. */
    typeSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
  };
}

import { useSearchParams } from 'react-router';

/** Search and page live in the URL query, so reload and back keep them. */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('search') ?? '';
  const update = (patch: { page?: number; search?: string }, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (patch.search !== undefined) next.set('search', patch.search);
        if (patch.page !== undefined) next.set('page', String(patch.page));
        if (!next.get('search')) next.delete('search');
        if (next.get('page') === '1') next.delete('page');
        return next;
      },
      { replace },
    );
  return { page, search, update };
}

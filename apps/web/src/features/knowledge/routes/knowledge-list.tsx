import { KNOWLEDGE_PAGE_SIZE, KNOWLEDGE_SEARCH_COUNT_CAP, SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import type { KnowledgeItem, KnowledgeList } from '@app/shared/knowledge';
import { useQueryClient } from '@tanstack/react-query';
import { Database, Plus } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Pagination } from '@/components/ui/pagination';
import { deferred, useMountedOnceWanted, usePreloadAfterFirstScreen } from '@/lib/deferred';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useListQuery } from '@/lib/use-list-query';
import { knowledgeListQueryOptions, useKnowledgeList } from '../api/get-knowledge-list';
import { KnowledgeTable } from '../components/knowledge-table';

const DeleteKnowledgeDialog = deferred(() =>
  import('../components/delete-knowledge-dialog').then((module) => module.DeleteKnowledgeDialog),
);

function ListFooter({
  list,
  onPageChange,
  onPreload,
}: {
  list: KnowledgeList;
  onPageChange: (page: number) => void;
  onPreload: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = (n: number) => new Intl.NumberFormat(i18n.resolvedLanguage).format(n);
  const from = (list.page - 1) * KNOWLEDGE_PAGE_SIZE + 1;
  const to = from + list.data.length - 1;
  const totalCount = list.totalCapped
    ? t('knowledge.cappedCount', { value: format(KNOWLEDGE_SEARCH_COUNT_CAP) })
    : format(list.totalCount);
  if (list.data.length === 0) return null;
  return (
    <div className="flex flex-col items-center justify-between gap-2 text-sm text-muted-foreground sm:flex-row">
      <p>{t('common.pagination.showing', { from: format(from), to: format(to), totalCount })}</p>
      <Pagination
        page={list.page}
        totalPages={list.totalPages}
        onPageChange={onPageChange}
        onPreload={onPreload}
        labels={{
          nav: t('common.pagination.nav'),
          previous: t('common.pagination.previous'),
          next: t('common.pagination.next'),
          page: (page) => t('common.pagination.page', { page }),
        }}
      />
    </div>
  );
}

/** / and /home: the knowledge entries, searchable and paged. */
export function KnowledgeListRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, search, update } = useListQuery();
  const [term, setTerm] = useState(search);
  const debouncedTerm = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const [toDelete, setToDelete] = useState<KnowledgeItem | null>(null);
  const deleteDialogMounted = useMountedOnceWanted(toDelete !== null, DeleteKnowledgeDialog);
  usePreloadAfterFirstScreen(DeleteKnowledgeDialog);
  const queryClient = useQueryClient();
  const list = useKnowledgeList({ page, limit: KNOWLEDGE_PAGE_SIZE, search });

  // A new search term starts again at page 1; back/forward brings the URL's term into the box.
  useEffect(() => {
    if (debouncedTerm !== search) update({ search: debouncedTerm, page: 1 }, true);
  }, [debouncedTerm]);
  useEffect(() => setTerm(search), [search]);

  // Past the last page (e.g. after deleting its only entry): show the last page.
  const totalPages = list.data?.totalPages ?? 0;
  useEffect(() => {
    if (totalPages >= 1 && page > totalPages) update({ page: totalPages }, true);
  }, [page, totalPages]);

  const add = () => navigate('/data');
  const isEmpty = list.data?.totalCount === 0 && !search;

  return (
    <section className="mx-auto grid w-full max-w-5xl gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">{t('knowledge.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('knowledge.description')}</p>
        </div>
        <Button onClick={add}>
          <Plus aria-hidden />
          {t('knowledge.add')}
        </Button>
      </div>

      {list.isError && !list.data ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('knowledge.errorMessage', { message: t('knowledge.errorFetching') })}</span>
            <Button variant="outline" size="sm" pending={list.isFetching} onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : isEmpty ? (
        <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed p-10 text-center">
          <Database className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">{t('knowledge.noData')}</p>
          <Button onClick={add}>
            <Plus aria-hidden />
            {t('knowledge.add')}
          </Button>
        </div>
      ) : (
        <>
          <SearchInput
            className="max-w-sm"
            aria-label={t('knowledge.search')}
            placeholder={t('knowledge.searchPlaceholder')}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
          <KnowledgeTable
            items={list.data?.data ?? null}
            onEdit={(item) => navigate(`/data/${item.context}`, { state: { item } })}
            onDelete={setToDelete}
          />
          {list.data && (
            <ListFooter
              list={list.data}
              onPageChange={(next) => update({ page: next })}
              onPreload={(next) =>
                void queryClient.prefetchQuery(knowledgeListQueryOptions({ page: next, limit: KNOWLEDGE_PAGE_SIZE, search }))
              }
            />
          )}
        </>
      )}
      {deleteDialogMounted && (
        <Suspense fallback={null}>
          <DeleteKnowledgeDialog item={toDelete} onClose={() => setToDelete(null)} />
        </Suspense>
      )}
    </section>
  );
}

import type { SessionUser } from '@app/shared/auth';
import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import { INVITATIONS_PAGE_SIZE, type Invitation, type invitationListSchema } from '@app/shared/invitations';
import { Upload, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Pagination } from '@/components/ui/pagination';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useListQuery } from '@/lib/use-list-query';
import { useInvitations } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { DeleteInvitationDialog } from '../components/delete-invitation-dialog';
import { canBulkInvite, OwnersOnly } from '../components/owners-only';
import { UsersTable, type OwnerRow } from '../components/users-table';
import { ownerMethod } from '../utils/labels';
import { teamErrorMessage } from '../utils/messages';

type InvitationList = z.infer<typeof invitationListSchema>;

function ListFooter({ list, page, onPageChange }: { list: InvitationList; page: number; onPageChange: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  if (list.invitations.length === 0) return null;
  const format = (n: number) => new Intl.NumberFormat(i18n.resolvedLanguage).format(n);
  const from = (page - 1) * INVITATIONS_PAGE_SIZE + 1;
  const to = from + list.invitations.length - 1;
  return (
    <div className="flex flex-col items-center justify-between gap-2 text-sm text-muted-foreground sm:flex-row">
      <p>{t('common.pagination.showing', { from: format(from), to: format(to), totalCount: format(list.total) })}</p>
      <Pagination
        page={page}
        totalPages={Math.ceil(list.total / INVITATIONS_PAGE_SIZE)}
        onPageChange={onPageChange}
        labels={{
          nav: t('common.pagination.nav'),
          previous: t('common.pagination.previous'),
          next: t('common.pagination.next'),
          page: (n) => t('common.pagination.page', { page: n }),
        }}
      />
    </div>
  );
}

function UsersList({ owner }: { owner: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, search, update } = useListQuery();
  const [term, setTerm] = useState(search);
  const debouncedTerm = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const [toDelete, setToDelete] = useState<Invitation | null>(null);
  const list = useInvitations({ page, limit: INVITATIONS_PAGE_SIZE, searchTerm: search });
  const resend = useResendInvitation();

  // A new search term starts again at page 1; back/forward brings the URL's term into the box.
  useEffect(() => {
    if (debouncedTerm.trim() !== search) update({ search: debouncedTerm.trim(), page: 1 }, true);
  }, [debouncedTerm]);
  useEffect(() => setTerm(search), [search]);

  // Past the last page (e.g. after deleting its only row): show the last page.
  const totalPages = list.data ? Math.ceil(list.data.total / INVITATIONS_PAGE_SIZE) : 0;
  useEffect(() => {
    if (totalPages >= 1 && page > totalPages) update({ page: totalPages }, true);
  }, [page, totalPages]);

  const showUpload = canBulkInvite(owner);
  const ownerMatches = !search || owner.email.toLowerCase().includes(search.toLowerCase());
  const ownerRow: OwnerRow | null =
    page === 1 && ownerMatches
      ? { email: owner.email, createdAt: owner.createdAt, connectionMethod: ownerMethod(owner.providers) }
      : null;
  const noMembers = list.data?.total === 0 && !search;

  const onResend = (invitation: Invitation) =>
    resend.mutate(invitation._id, {
      onSuccess: (sent) =>
        sent.status === 'FAILED'
          ? toast.error(t('team.resend.failed'), { description: t('team.mailFailed') })
          : toast.success(t('team.resend.done', { email: invitation.email })),
      onError: (error) => toast.error(t('team.resend.failed'), { description: teamErrorMessage(error) }),
    });

  const actions = (
    <div className="flex flex-wrap gap-2">
      {showUpload && (
        <Button variant="outline" onClick={() => navigate('/users/bulk')}>
          <Upload aria-hidden />
          {t('team.upload')}
        </Button>
      )}
      <Button onClick={() => navigate('/users/add')}>
        <UserPlus aria-hidden />
        {t('team.add')}
      </Button>
    </div>
  );

  // min-w-0 and a minmax track: the wide table scrolls inside the screen instead of widening it.
  return (
    <section className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">{t('team.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('team.description')}</p>
        </div>
        {actions}
      </div>

      <SearchInput
        className="max-w-sm"
        aria-label={t('team.search')}
        placeholder={t('team.searchPlaceholder')}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />

      {list.isError && !list.data ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('team.loadFailed', { message: teamErrorMessage(list.error) })}</span>
            <Button variant="outline" size="sm" pending={list.isFetching} onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : (
        <>
          <UsersTable
            owner={ownerRow}
            invitations={list.data?.invitations ?? null}
            emptyText={noMembers ? null : t('team.noResults')}
            resendingId={resend.isPending ? (resend.variables ?? null) : null}
            onEdit={(invitation) => navigate('/users/edit', { state: { invitation } })}
            onResend={onResend}
            onDelete={setToDelete}
          />
          {noMembers && (
            <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed p-10 text-center">
              <Users className="size-8 text-muted-foreground" aria-hidden />
              <p className="text-muted-foreground">{t('team.empty')}</p>
              {actions}
            </div>
          )}
          {list.data && <ListFooter list={list.data} page={page} onPageChange={(next) => update({ page: next })} />}
        </>
      )}
      <DeleteInvitationDialog invitation={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}

/** /users: the owner's team and invitations (owners only). */
export function UsersListRoute() {
  return <OwnersOnly>{(owner) => <UsersList owner={owner} />}</OwnersOnly>;
}

import type { ConnectionMethod, Invitation, InvitationStatus } from '@app/shared/invitations';
import { Check, Minus, Pencil, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { methodKeys, statusVariants } from '../utils/labels';

/** The owner, shown first as Administrator (built from the session: the owner has no invitation). */
export type OwnerRow = { email: string; createdAt: string; connectionMethod: ConnectionMethod };

type UsersTableProps = {
  owner: OwnerRow | null;
  /** null while loading: skeleton rows. */
  invitations: Invitation[] | null;
  emptyText: string | null;
  resendingId: string | null;
  onEdit: (invitation: Invitation) => void;
  onResend: (invitation: Invitation) => void;
  onDelete: (invitation: Invitation) => void;
};

const COLUMNS = 10;

function StatusBadge({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={statusVariants[status]} data-status={status}>
      {t(`team.status.${status}`)}
    </Badge>
  );
}

/** A yes/no cell: an icon, with the word for screen readers. */
function Allowed({ value }: { value: boolean }) {
  const { t } = useTranslation();
  const Icon = value ? Check : Minus;
  return (
    <span className={value ? 'text-success' : 'text-muted-foreground'}>
      <Icon className="size-4" aria-hidden />
      <span className="sr-only">{t(value ? 'team.yes' : 'team.no')}</span>
    </span>
  );
}

function useDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : format.format(date);
  };
}

/** Spec 02 §2: the team, owner first; members' rows carry edit, resend (not once accepted) and delete. */
export function UsersTable(props: UsersTableProps) {
  const { owner, invitations, emptyText, resendingId, onEdit, onResend, onDelete } = props;
  const { t } = useTranslation();
  const formatDate = useDate();

  // `relative`: the screen-reader-only texts of scrolled-out columns stay inside the scroll box.
  return (
    <Table className="relative" aria-busy={invitations === null || undefined} aria-label={t('team.title')}>
      <TableHeader>
        <TableRow className="[&>th]:whitespace-nowrap">
          <TableHead>{t('team.columns.email')}</TableHead>
          <TableHead>{t('team.columns.firstName')}</TableHead>
          <TableHead>{t('team.columns.lastName')}</TableHead>
          <TableHead>{t('team.columns.createdAt')}</TableHead>
          <TableHead>{t('team.columns.status')}</TableHead>
          <TableHead>{t('team.columns.aiSetup')}</TableHead>
          <TableHead>{t('team.columns.writingAssistant')}</TableHead>
          <TableHead>{t('team.columns.role')}</TableHead>
          <TableHead>{t('team.columns.connectionMethod')}</TableHead>
          <TableHead className="w-px text-right">
            <span className="sr-only">{t('team.columns.actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {owner && (
          <TableRow data-role="owner">
            <TableCell className="font-medium whitespace-nowrap">
              {owner.email} <span className="font-normal text-muted-foreground">{t('team.you')}</span>
            </TableCell>
            <TableCell />
            <TableCell />
            <TableCell className="whitespace-nowrap">{formatDate(owner.createdAt)}</TableCell>
            <TableCell>
              <Badge variant="success">{t('team.status.ACTIVE')}</Badge>
            </TableCell>
            <TableCell>
              <Allowed value />
            </TableCell>
            <TableCell>
              <Allowed value />
            </TableCell>
            <TableCell>{t('team.roles.administrator')}</TableCell>
            <TableCell className="whitespace-nowrap">{t(methodKeys[owner.connectionMethod])}</TableCell>
            <TableCell />
          </TableRow>
        )}
        {invitations === null &&
          Array.from({ length: 5 }, (_, i) => (
            <TableRow key={i}>
              {Array.from({ length: COLUMNS }, (__, j) => (
                <TableCell key={j}>
                  <Skeleton className={j === 0 ? 'h-4 w-40' : 'h-4 w-16'} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        {invitations?.length === 0 && emptyText && (
          <TableRow>
            <TableCell colSpan={COLUMNS} className="py-8 text-center text-muted-foreground">
              {emptyText}
            </TableCell>
          </TableRow>
        )}
        {invitations?.map((invitation) => (
          <TableRow key={invitation._id} data-status={invitation.status}>
            <TableCell className="font-medium whitespace-nowrap">{invitation.email}</TableCell>
            <TableCell>{invitation.firstName}</TableCell>
            <TableCell>{invitation.lastName}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(invitation.createdAt)}</TableCell>
            <TableCell>
              <StatusBadge status={invitation.status} />
            </TableCell>
            <TableCell>
              <Allowed value={invitation.metadata.hasAiConfig} />
            </TableCell>
            <TableCell>
              <Allowed value />
            </TableCell>
            <TableCell>{t('team.roles.user')}</TableCell>
            <TableCell className="whitespace-nowrap">{t(methodKeys[invitation.connectionMethod])}</TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('team.actions.edit', { email: invitation.email })}
                  title={t('team.actions.editShort')}
                  onClick={() => onEdit(invitation)}
                >
                  <Pencil aria-hidden />
                </Button>
                {invitation.status !== 'ACCEPTED' && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('team.actions.resend', { email: invitation.email })}
                    title={t('team.actions.resendShort')}
                    pending={resendingId === invitation._id}
                    onClick={() => onResend(invitation)}
                  >
                    {resendingId !== invitation._id && <Send aria-hidden />}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-destructive"
                  aria-label={t('team.actions.delete', { email: invitation.email })}
                  title={t('team.actions.deleteShort')}
                  onClick={() => onDelete(invitation)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

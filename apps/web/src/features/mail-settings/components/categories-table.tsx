import type { Category } from '@app/shared/categories';
import type { MailboxNode } from '@app/shared/mail-settings';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { findMailbox } from '../utils/mailbox-tree';

const actionKeys: Record<number, string> = { 0: 'none', 1: 'reply', 2: 'draft' };

/**
 * The name shown for a category: its name, or else the existing folder it uses (existCategoryName
 * holds the folder's id; its path is shown when the tree knows it).
 */
export function categoryDisplayName(category: Pick<Category, 'name' | 'existCategoryName'>, mailboxes: MailboxNode[] = []) {
  if (category.name) return category.name;
  return findMailbox(mailboxes, category.existCategoryName)?.name ?? category.existCategoryName ?? '';
}

/** `email` is a list, but older data may hold a string. */
export function routingEmails(email: Category['email'] | string) {
  if (!email) return '';
  return Array.isArray(email) ? email.join(', ') : email;
}

type CategoriesTableProps = {
  categories: Category[] | undefined;
  mailboxes: MailboxNode[];
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
};

/** Label/folder, AI instruction, reply action, response instructions, routing e-mail, actions. */
export function CategoriesTable({ categories, mailboxes, onEdit, onDelete }: CategoriesTableProps) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t('categories.table.caption')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('categories.table.name')}</TableHead>
          <TableHead className="hidden md:table-cell">{t('categories.table.instruction')}</TableHead>
          <TableHead>{t('categories.table.action')}</TableHead>
          <TableHead className="hidden lg:table-cell">{t('categories.table.responseInstructions')}</TableHead>
          <TableHead className="hidden md:table-cell">{t('categories.table.email')}</TableHead>
          <TableHead className="w-24 text-right">{t('categories.table.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {categories === undefined
          ? Array.from({ length: 3 }, (_, i) => (
              <TableRow key={i}>
                <TableCell colSpan={6}>
                  <Skeleton className="h-5 w-full" />
                </TableCell>
              </TableRow>
            ))
          : categories.map((category) => {
              const name = categoryDisplayName(category, mailboxes);
              return (
                <TableRow key={category.id}>
                  <TableCell className="font-medium">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="break-words">{name}</span>
                      {category.createdBy === 'AI' && (
                        <Badge variant="accent" title={t('categories.table.aiBadgeTitle')}>
                          {t('categories.table.aiBadge')}
                        </Badge>
                      )}
                      {category.classifierType === 'ai' && category.autopilotMinPrecision !== null && (
                        <Badge
                          variant="info"
                          title={t('categories.table.autopilotBadgeTitle', { min: category.autopilotMinPrecision })}
                        >
                          {t('categories.table.autopilotBadge', { min: category.autopilotMinPrecision })}
                        </Badge>
                      )}
                    </span>
                  </TableCell>
                  <TableCell className="hidden max-w-64 md:table-cell">
                    {category.classifierType === 'rules' ? (
                      <span className="text-muted-foreground">{t('categories.table.rulesClassifier')}</span>
                    ) : (
                      <span className="line-clamp-3">{category.instruction}</span>
                    )}
                  </TableCell>
                  <TableCell>{t(`categories.actions.${actionKeys[category.action] ?? 'none'}`)}</TableCell>
                  <TableCell className="hidden max-w-64 lg:table-cell">
                    <span className="line-clamp-3">{category.responseInstructions}</span>
                  </TableCell>
                  <TableCell className="hidden max-w-56 break-all md:table-cell">{routingEmails(category.email)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('categories.table.edit', { name })}
                      onClick={() => onEdit(category)}
                    >
                      <Pencil />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive"
                      aria-label={t('categories.table.delete', { name })}
                      onClick={() => onDelete(category)}
                    >
                      <Trash2 />
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
      </TableBody>
    </Table>
  );
}

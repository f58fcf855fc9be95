import { KNOWLEDGE_ROW_TEXT_LENGTH } from '@app/shared/constants';
import type { KnowledgeItem } from '@app/shared/knowledge';
import { Lock, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export function truncateText(text: string, length = KNOWLEDGE_ROW_TEXT_LENGTH) {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

type KnowledgeTableProps = {
  items: KnowledgeItem[] | null;
  onEdit: (item: KnowledgeItem) => void;
  onDelete: (item: KnowledgeItem) => void;
};

/** The entries; `items` null shows skeleton rows while loading. */
export function KnowledgeTable({ items, onEdit, onDelete }: KnowledgeTableProps) {
  const { t } = useTranslation();
  return (
    <Table aria-busy={items === null || undefined}>
      <TableHeader>
        <TableRow>
          <TableHead className="md:w-1/3">{t('knowledge.columns.title')}</TableHead>
          <TableHead className="hidden md:table-cell">{t('knowledge.columns.text')}</TableHead>
          <TableHead className="w-px text-right">
            <span className="sr-only">{t('knowledge.columns.actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items === null &&
          Array.from({ length: 5 }, (_, i) => (
            <TableRow key={i}>
              <TableCell>
                <Skeleton className="h-4 w-3/4" />
              </TableCell>
              <TableCell className="hidden md:table-cell">
                <Skeleton className="h-4 w-full" />
              </TableCell>
              <TableCell>
                <Skeleton className="h-8 w-32" />
              </TableCell>
            </TableRow>
          ))}
        {items?.length === 0 && (
          <TableRow>
            <TableCell colSpan={3} className="py-8 text-center text-muted-foreground">
              {t('knowledge.noResults')}
            </TableCell>
          </TableRow>
        )}
        {items?.map((item) => (
          <TableRow key={item.context}>
            <TableCell className="break-words">
              <span className="font-medium">{item.title}</span>
              {item.visibility === 'internal' && (
                <Badge variant="warning" className="ml-2 align-text-bottom">
                  <Lock aria-hidden className="size-3" />
                  {t('knowledge.internalBadge')}
                </Badge>
              )}
              <span className="mt-1 line-clamp-2 text-muted-foreground md:hidden">{truncateText(item.text)}</span>
            </TableCell>
            <TableCell className="hidden break-words text-muted-foreground md:table-cell">{truncateText(item.text)}</TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                <Button variant="ghost" size="sm" onClick={() => onEdit(item)}>
                  <Pencil aria-hidden />
                  <span className="sr-only sm:not-sr-only">{t('knowledge.edit')}</span>
                </Button>
                <Button variant="ghost" size="sm" className="text-destructive" onClick={() => onDelete(item)}>
                  <Trash2 aria-hidden />
                  <span className="sr-only sm:not-sr-only">{t('knowledge.delete')}</span>
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

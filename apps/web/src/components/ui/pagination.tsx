import { ChevronLeft, ChevronRight } from 'lucide-react';
import { paginationRange } from '@/lib/pagination-range';
import { cn } from '@/lib/utils';
import { Button } from './button';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Called when the pointer or the focus reaches a button, with the page it leads to: a chance to ask for it. */
  onPreload?: (page: number) => void;
  labels: { nav: string; previous: string; next: string; page: (n: number) => string };
  className?: string;
};

/** Previous/next and numbered pages (one sibling, one boundary, ellipses); hidden at one page or fewer. */
export function Pagination({ page, totalPages, onPageChange, onPreload, labels, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  const preload = (to: number) =>
    onPreload && to !== page && to >= 1 && to <= totalPages
      ? { onPointerEnter: () => onPreload(to), onFocus: () => onPreload(to) }
      : {};
  return (
    <nav aria-label={labels.nav} className={cn('flex items-center gap-1', className)}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={labels.previous}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        {...preload(page - 1)}
      >
        <ChevronLeft />
      </Button>
      {paginationRange(page, totalPages).map((item, index) =>
        item === 'ellipsis' ? (
          <span key={`gap-${index}`} className="px-2 text-muted-foreground" aria-hidden>
            …
          </span>
        ) : (
          <Button
            key={item}
            variant={item === page ? 'outline' : 'ghost'}
            size="icon"
            aria-label={labels.page(item)}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPageChange(item)}
            {...preload(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button
        variant="ghost"
        size="icon"
        aria-label={labels.next}
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
        {...preload(page + 1)}
      >
        <ChevronRight />
      </Button>
    </nav>
  );
}

import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/**
 * A search box with its magnifier. `className` places the box; the rest goes to the input, which
 * needs a name (`aria-label`), the icon being decorative.
 */
export function SearchInput({ className, ...props }: Omit<ComponentProps<typeof Input>, 'type'>) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}

import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * A wide table scrolls sideways in its frame; the frame then takes the focus, so that keyboard users
 * can scroll it with the arrow keys (WCAG 2.1.1). A table that fits adds no tab stop.
 */
function useFocusableWhenScrolling() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const frame = ref.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(frame.scrollWidth > frame.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    if (frame.firstElementChild) observer.observe(frame.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, tabIndex: scrolls ? 0 : undefined };
}

export function Table({ className, ...props }: ComponentProps<'table'>) {
  const frame = useFocusableWhenScrolling();
  return (
    <div {...frame} className="w-full overflow-x-auto rounded-md border">
      <table className={cn('w-full text-[14px]', className)} {...props} />
    </div>
  );
}

export function TableHeader(props: ComponentProps<'thead'>) {
  return <thead className="bg-muted/60 text-left text-muted-foreground" {...props} />;
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody className="[&>tr:last-child]:border-0" {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/40', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return <th className={cn('h-10 px-3 font-medium', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2 align-top', className)} {...props} />;
}

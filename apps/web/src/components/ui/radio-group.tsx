import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { LucideIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-2', className)} {...props} />;
}

/** A round radio; pair it with a Label (htmlFor = id). */
export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'inline-flex size-4 shrink-0 items-center justify-center rounded-full border border-input bg-background disabled:opacity-50 data-[state=checked]:border-accent',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="block size-2 rounded-full bg-accent" />
    </RadioGroupPrimitive.Item>
  );
}

/**
 * A selectable card (a radio with a body): the whole card is the control, so keyboard arrows move
 * between cards. Its accessible name is the title, its description the hint below it.
 */
export function RadioCard({
  icon: Icon,
  title,
  hint,
  badge,
  className,
  ...props
}: Omit<ComponentProps<typeof RadioGroupPrimitive.Item>, 'children'> & {
  icon: LucideIcon;
  title: string;
  hint: string;
  badge?: ReactNode;
}) {
  const hintId = useId();
  return (
    <RadioGroupPrimitive.Item
      aria-label={title}
      aria-describedby={hintId}
      className={cn(
        'relative flex h-full w-full flex-col items-start gap-1 rounded-lg border bg-card p-4 text-left text-sm transition-colors hover:bg-muted/50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-card data-[state=checked]:border-accent data-[state=checked]:ring-1 data-[state=checked]:ring-accent',
        className,
      )}
      {...props}
    >
      <span className="flex w-full items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-medium">
          <Icon className="size-4 text-accent" aria-hidden />
          {title}
        </span>
        {badge}
      </span>
      <span id={hintId} className="text-muted-foreground">
        {hint}
      </span>
    </RadioGroupPrimitive.Item>
  );
}

import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/** An icon button of the webmail's toolbars: its label is both its accessible name and its tooltip. */
export function ToolbarButton({ label, ...props }: Omit<ComponentProps<typeof Button>, 'variant' | 'size'> & { label: string }) {
  return <Button variant="ghost" size="icon" aria-label={label} title={label} {...props} />;
}

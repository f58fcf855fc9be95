import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** The connect form's pieces: a numbered step (shown with the advanced settings) and a switch row. */

export function Step({ n, title, show, children }: { n: number; title: string; show: boolean; children: ReactNode }) {
  if (!show) return <>{children}</>;
  return (
    <section className="grid gap-3" aria-labelledby={`step-${n}`}>
      <h2 id={`step-${n}`} className="flex items-center gap-2 text-base font-semibold">
        <span
          className="flex size-6 items-center justify-center rounded-full bg-accent text-xs text-accent-foreground"
          aria-hidden
        >
          {n}
        </span>
        <span className="sr-only">{n}. </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border p-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} aria-describedby={`${id}-hint`} />
    </div>
  );
}

import type { ReactNode } from 'react';
import { Label } from './label';

type FormFieldProps = { id: string; label: string; error?: string | undefined; children: ReactNode };

/** A label, its control and the inline error under it (the control should set aria-describedby). */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that tie a control to its FormField error. */
export function fieldA11y(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

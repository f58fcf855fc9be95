import type { ReactNode } from 'react';

/** The frame of the public invitation screens (inside the auth layout). */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

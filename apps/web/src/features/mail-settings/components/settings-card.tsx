import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tooltip } from '@/components/ui/tooltip';

/** One block of the settings screen: a titled card with optional actions on the right. */
export function SettingsCard({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-lg border bg-card p-4 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
          {title}
        </h2>
        {aside && <div className="flex flex-wrap items-center gap-2">{aside}</div>}
      </div>
      {children}
    </section>
  );
}

/** An (i) button whose tooltip explains a setting; focusable, so keyboard users can read it. */
export function InfoTip({ label, content }: { label: string; content: string }) {
  return (
    <Tooltip content={<span className="block max-w-xs">{content}</span>}>
      <button type="button" aria-label={label} className="rounded-full text-muted-foreground hover:text-foreground">
        <Info className="size-4" aria-hidden />
      </button>
    </Tooltip>
  );
}

import { lazy, Suspense } from 'react';
import type { ToasterProps } from 'sonner';
import { useToasterWanted } from '@/lib/toast';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** The app's toaster, mounted (and its code loaded) at the first `toast` of `@/lib/toast`. */
export function AppToaster(props: ToasterProps) {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}

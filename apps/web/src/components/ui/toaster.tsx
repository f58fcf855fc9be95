import { lazy, Suspense, useEffect } from 'react';
import type { ToasterProps } from 'sonner';
import { toasterListening, useToasterWanted } from '@/lib/toast';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Rendered after the toaster: effects run in order, so sonner has subscribed when this one runs. */
function Listening() {
  useEffect(toasterListening, []);
  return null;
}

/** The app's toaster, mounted (and its code loaded) at the first `toast` of `@/lib/toast`. */
export function AppToaster(props: ToasterProps) {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
      <Listening />
    </Suspense>
  );
}

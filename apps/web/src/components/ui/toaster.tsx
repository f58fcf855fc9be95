import { Suspense } from 'react';
import type { ToasterProps } from 'sonner';
import { deferred, useMountedOnceWanted } from '@/lib/deferred';
import { useToasterWanted } from '@/lib/toast';

const SonnerToaster = deferred(() => import('sonner').then((module) => module.Toaster));

/**
 * The app's toaster, loaded at the first `toast` of `@/lib/toast` and mounted once its code has
 * come, so that the first toast shows as soon as it can (see `deferred`).
 */
export function AppToaster(props: ToasterProps) {
  const mounted = useMountedOnceWanted(useToasterWanted(), SonnerToaster);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}

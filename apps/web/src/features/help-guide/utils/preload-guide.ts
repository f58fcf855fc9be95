import type { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '@/lib/i18n';
import { sessionQueryOptions } from '@/lib/session';
import { stepImageSources } from '../steps';
import { opensByItself } from './auto-open';
import { readProgress } from './use-help-guide-progress';

/**
 * On a visit where the guide will open by itself, starts downloading its code (and Radix's dialog
 * with it) and its current step's picture as soon as the session has answered, beside the layout's
 * code, rather than once the layout has rendered: the picture is the largest thing that visit paints.
 */
export function preloadGuideIfItOpens(queryClient: QueryClient, pathname: string) {
  void queryClient.fetchQuery(sessionQueryOptions).then(
    (user) => {
      if (!user?.emailVerified) return;
      const progress = readProgress(user.uid);
      if (!opensByItself(user, progress, pathname)) return;
      void import('../components/help-guide-modal').catch(() => undefined); // the modal tries again when it opens
      // The file the modal's <img> will pick, which then finds it in the browser's memory cache.
      const { src, srcSet, sizes } = stepImageSources(progress.currentStep, currentLanguage());
      const image = new Image();
      image.sizes = sizes;
      image.srcset = srcSet;
      image.src = src;
    },
    () => undefined,
  );
}

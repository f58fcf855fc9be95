import type { SessionUser } from '@app/shared/auth';
import { nextGettingStartedStep } from '@app/shared/getting-started';
import { useQueryClient } from '@tanstack/react-query';
import { Compass } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { deferred, useMountedOnceWanted } from '@/lib/deferred';
import { opensByItself } from '../utils/auto-open';
import { recordView, setButtonHidden } from '../utils/progress';
import { useHelpGuideProgress } from '../utils/use-help-guide-progress';
import { HelpGuideButton } from './help-guide-button';
import { useGettingStarted } from '../api/get-getting-started';
import { helpGuideKeys } from '../api/keys';
import { useMarkGuideDone } from '../api/mark-guide-done';

const HelpGuideModal = deferred(() => import('./help-guide-modal').then((module) => module.HelpGuideModal));

/**
 * The help guide of spec 02 §2 for the signed-in user: a header button that always opens it, the
 * Getting started button with the user's real progress (until everything is set up, or the user
 * closes it for good), and the modal, which opens by itself on a first visit (`opensByItself`).
 */
export function HelpGuide({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [progress, update] = useHelpGuideProgress(user.uid);
  const [open, setOpen] = useState(false);
  const autoOpened = useRef(false);
  const enabled = user.metadata.hasAiConfig;
  const modalMounted = useMountedOnceWanted(open, HelpGuideModal);

  const openGuide = useCallback(() => {
    update((p) => recordView(p, new Date()));
    setOpen(true);
  }, [update]);
  // Once seen (opened, then closed or left through one of its links), the guide never opens by
  // itself again for this user, in any browser: the server keeps it too.
  const { mutate: markDone } = useMarkGuideDone();
  const markedSeen = useRef(user.helpGuideSeen);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current && !markedSeen.current && user.profileId) {
      markedSeen.current = true;
      markDone({ profileId: user.profileId, done: { helpGuideSeen: true } });
    }
  }, [open, markDone, user.profileId]);
  // Once closed, the button stays closed, in any browser: the header's guide button still opens the guide.
  const closed = progress.buttonHidden || user.gettingStartedClosed;
  const closeButton = () => {
    update((p) => setButtonHidden(p, true));
    if (user.profileId) markDone({ profileId: user.profileId, done: { gettingStartedClosed: true } });
  };
  const done = useGettingStarted(enabled && !closed).data;
  // Each screen may have just set something up (a mailbox, a category, an entry): asked again.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: helpGuideKeys.gettingStarted });
  }, [pathname, queryClient]);
  const allDone = done !== undefined && nextGettingStartedStep(done) === null;

  const shouldAutoOpen = opensByItself(user, progress, pathname);
  useEffect(() => {
    if (!shouldAutoOpen || autoOpened.current) return;
    autoOpened.current = true;
    openGuide();
  }, [shouldAutoOpen, openGuide]);

  if (!enabled) return null;

  const goTo = (to: string) => {
    setOpen(false);
    void navigate(to);
  };

  const showProgress = !closed && done !== undefined && !allDone;
  return (
    <>
      {/* On a phone the Getting started button, which opens the guide too, takes this one's room. */}
      <Button
        variant="ghost"
        size="icon"
        className={showProgress ? 'hidden sm:inline-flex' : undefined}
        aria-label={t('helpGuide.button.show')}
        title={t('helpGuide.button.show')}
        onClick={openGuide}
      >
        <Compass />
      </Button>
      {showProgress && done && <HelpGuideButton done={done} onOpen={openGuide} onHide={closeButton} />}
      {modalMounted && (
        <Suspense fallback={null}>
          <HelpGuideModal open={open} onOpenChange={setOpen} progress={progress} update={update} onNavigate={goTo} />
        </Suspense>
      )}
    </>
  );
}

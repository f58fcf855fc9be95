import type { SessionUser } from '@app/shared/auth';
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

const HelpGuideModal = deferred(() => import('./help-guide-modal').then((module) => module.HelpGuideModal));

/**
 * The help guide of spec 02 §2 for the signed-in user: a header button that always opens it (and
 * shows the floating button again), the floating button, and the modal, which opens by itself on a
 * first visit (`opensByItself`).
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
    update((p) => setButtonHidden(recordView(p, new Date()), false));
    setOpen(true);
  }, [update]);

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

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('helpGuide.button.show')}
        title={t('helpGuide.button.show')}
        onClick={openGuide}
      >
        <Compass />
      </Button>
      {!progress.buttonHidden && (
        <HelpGuideButton progress={progress} onOpen={openGuide} onHide={() => update((p) => setButtonHidden(p, true))} />
      )}
      {modalMounted && (
        <Suspense fallback={null}>
          <HelpGuideModal open={open} onOpenChange={setOpen} progress={progress} update={update} onNavigate={goTo} />
        </Suspense>
      )}
    </>
  );
}

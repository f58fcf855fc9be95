import type { SessionUser } from '@app/shared/auth';
import { Compass } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { deferred, useMountedOnceWanted } from '@/lib/deferred';
import { recordView, setButtonHidden } from '../utils/progress';
import { useHelpGuideProgress } from '../utils/use-help-guide-progress';
import { HelpGuideButton } from './help-guide-button';

const HelpGuideModal = deferred(() => import('./help-guide-modal').then((module) => module.HelpGuideModal));

/**
 * Screens where a guard holds a new user before the guide makes sense (their profile, their plan, an
 * OAuth callback): the guide does not open by itself there, but on the next screen, typically the
 * mailbox connection, which is its first step.
 */
const noAutoOpen = ['/profile', '/subscriptions', '/invoices', '/billing', '/cb/ms', '/cb/google'];

/**
 * The help guide of spec 02 §2 for the signed-in user: a header button that always opens it (and
 * shows the floating button again), the floating button, and the modal. It opens by itself once,
 * when the session user's showGuide is set and this user has never opened it in this browser.
 * Members without the AI setup use the chat assistant only, so they get no guide.
 */
export function HelpGuide({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [progress, update] = useHelpGuideProgress(user.uid);
  const [open, setOpen] = useState(false);
  const autoOpened = useRef(false);
  const enabled = user.metadata.hasAiConfig;
  const modalMounted = useMountedOnceWanted(open);

  const openGuide = useCallback(() => {
    update((p) => setButtonHidden(recordView(p, new Date()), false));
    setOpen(true);
  }, [update]);

  const shouldAutoOpen = enabled && user.showGuide && !progress.openedFirstTime && !noAutoOpen.includes(pathname);
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

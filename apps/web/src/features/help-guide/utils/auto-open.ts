import type { SessionUser } from '@app/shared/auth';
import type { HelpGuideProgress } from './progress';

/**
 * Screens where a guard holds a new user before the guide makes sense (their profile, their plan, an
 * OAuth callback): the guide does not open by itself there, but on the next screen, typically the
 * mailbox connection, which is its first step.
 */
const noAutoOpen = ['/profile', '/subscriptions', '/invoices', '/billing', '/cb/ms', '/cb/google'];

/**
 * Whether the guide opens by itself for this user on this screen: once, when the session user's
 * showGuide is set and this user has never opened it, in this browser or another (`helpGuideSeen`).
 * Members without the AI setup use the chat assistant only, so they get no guide.
 */
export function opensByItself(user: SessionUser, progress: HelpGuideProgress, pathname: string) {
  return (
    user.metadata.hasAiConfig &&
    user.showGuide &&
    !user.helpGuideSeen &&
    !progress.openedFirstTime &&
    !noAutoOpen.includes(pathname)
  );
}

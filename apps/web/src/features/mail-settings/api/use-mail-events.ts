import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mailSettingsKeys } from './keys';

/**
 * Live updates of the settings screen: the server streams an event when the worker changes this
 * user's mail state (`setting`: batch or sync state, and the accuracy on past mail that a completed
 * initialisation measures again; `activity`: mail processed, which the dry run's
 * record shows too) and the matching queries are fetched again. Polling stays on as the fallback
 * when the stream cannot be opened.
 */
export function useMailEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/email-settings/events');
    const refresh =
      (...keys: (readonly unknown[])[]) =>
      () => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      };
    source.addEventListener('setting', refresh(mailSettingsKeys.setting(), mailSettingsKeys.accuracy()));
    source.addEventListener('activity', refresh(mailSettingsKeys.activity(), mailSettingsKeys.dryRun()));
    return () => source.close();
  }, [enabled, queryClient]);
}

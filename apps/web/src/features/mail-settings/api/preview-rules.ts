import type { CategoryRulesInput, RulesPreview } from '@app/shared/categories';
import { useCallback, useState } from 'react';
import { apiRequest } from '@/lib/api-client';

/** POST /api/mailbox/rules-preview: which of the tracked folder's newest messages the rules would file. */
export const previewRules = (rules: CategoryRulesInput) =>
  apiRequest<RulesPreview>('/api/mailbox/rules-preview', { method: 'POST', body: { rules } });

/** The preview on demand: nothing is kept between forms, so no query cache is needed. */
export function usePreviewRules() {
  const [state, setState] = useState<{ pending: boolean; data?: RulesPreview; error?: unknown }>({ pending: false });
  const run = useCallback(async (rules: CategoryRulesInput) => {
    setState({ pending: true });
    try {
      setState({ pending: false, data: await previewRules(rules) });
    } catch (error) {
      setState({ pending: false, error });
    }
  }, []);
  return { ...state, run };
}

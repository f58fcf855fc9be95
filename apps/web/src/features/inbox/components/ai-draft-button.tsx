import type { AiDraft } from '@app/shared/mailbox';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { mapApiError, translateServerMessage } from '@/lib/error-mapper';
import { useAiDraft } from '../api/ai-draft';

/**
 * "Draft with AI" in a reply or a forward: the active engine writes a reply to the message, which
 * `onDraft` puts in the body for the owner to edit, with what it stands on (its review). It costs
 * credits as any draft does; when none are left, or the engine fails, the reason shows under the
 * button and the body is left as it was.
 */
export function AiDraftButton({
  source,
  onDraft,
}: {
  source: { uid: string; folder: string };
  onDraft: (draft: AiDraft) => void;
}) {
  const { t } = useTranslation();
  const ai = useAiDraft();
  const [error, setError] = useState<string | null>(null);

  const request = () => {
    setError(null);
    ai.mutate(source, {
      onSuccess: (draft) => onDraft(draft),
      onError: (failure) => {
        const mapped = mapApiError(failure);
        // No credits left (409) or too many drafts in a minute (429) says so; anything else is the
        // engine or the network.
        setError(
          mapped.status === 409 || mapped.status === 429
            ? translateServerMessage(failure instanceof Error ? failure.message : '')
            : t('inbox.compose.aiDraftFailed'),
        );
      },
    });
  };

  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        pending={ai.isPending}
        onClick={request}
        aria-describedby={error ? 'compose-ai-error' : 'compose-ai-cost'}
      >
        <Sparkles aria-hidden />
        {ai.isPending ? t('inbox.compose.aiDrafting') : t('inbox.compose.aiDraft')}
      </Button>
      <span id="compose-ai-cost" className="sr-only">
        {t('inbox.compose.aiDraftCost')}
      </span>
      {error && (
        <p id="compose-ai-error" role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

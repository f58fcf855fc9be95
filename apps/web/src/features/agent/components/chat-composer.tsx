import { Send } from 'lucide-react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

type Props = { value: string; loading: boolean; onChange: (value: string) => void; onSend: () => void };

/** The question box: Enter sends, Shift+Enter starts a new line; empty or blank input is not sent. */
export function ChatComposer({ value, loading, onChange, onSend }: Props) {
  const { t } = useTranslation();
  const blank = !value.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <label htmlFor="agent-input" className="sr-only">
        {t('agent.input.label')}
      </label>
      <Textarea
        id="agent-input"
        rows={2}
        className="min-h-16 flex-1 resize-y"
        placeholder={t('agent.input.placeholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" disabled={blank} pending={loading}>
        <Send aria-hidden />
        {t('agent.send')}
      </Button>
    </form>
  );
}

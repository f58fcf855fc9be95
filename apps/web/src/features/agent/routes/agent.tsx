import { Eraser } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session';
import { ChatComposer } from '../components/chat-composer';
import { ChatMessages } from '../components/chat-messages';
import { PromptTypePicker } from '../components/prompt-type-picker';
import { useChat } from '../hooks/use-chat';

function AgentChat({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const chat = useChat(uid);
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">{t('agent.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('agent.description')}</p>
        </div>
        <Button variant="outline" onClick={chat.clear} disabled={chat.loading}>
          <Eraser aria-hidden />
          {t('agent.clear')}
        </Button>
      </div>
      <PromptTypePicker value={chat.promptType} disabled={chat.loading} onChange={chat.switchType} />
      <ChatMessages messages={chat.messages} streaming={chat.streaming} loading={chat.loading} />
      {chat.error && <Alert variant="error">{chat.error}</Alert>}
      <ChatComposer value={chat.userInput} loading={chat.loading} onChange={chat.setUserInput} onSend={() => void chat.send()} />
      {chat.engine && (
        <p className="text-xs text-muted-foreground">
          {t('agent.engine', { name: chat.engine === 'local' ? t('agent.localEngine') : chat.engine })}
        </p>
      )}
    </section>
  );
}

/** /agent: the AI chat assistant (spec 02 §2). */
export function AgentRoute() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  return <AgentChat key={user.uid} uid={user.uid} />;
}

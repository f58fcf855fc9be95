import DOMPurify from 'dompurify';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * Block 4: a message handed over in navigation state, shown as HTML (spec 02 §2). An i18n key is
 * translated first; whatever the text, it is sanitised and keeps only simple formatting.
 */
export function GuideMessage({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const text = i18n.exists(message) ? t(message) : message;
  const html = DOMPurify.sanitize(text, {
    ALLOWED_TAGS: ['p', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'br', 'a', 'span'],
    ALLOWED_ATTR: ['href'],
  });
  return (
    <div role="status" className="relative rounded-lg border border-accent/40 bg-accent/5 p-4 pr-12 text-sm">
      <div
        className="grid gap-2 [&_a]:text-accent [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <Button variant="ghost" size="icon" className="absolute top-2 right-2" aria-label={t('common.close')} onClick={onDismiss}>
        <X />
      </Button>
    </div>
  );
}

import type { MailAttachment } from '@app/shared/mailbox';
import { ATTACHMENTS_MAX_BYTES } from '@app/shared/mailbox';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { formatSize } from '../utils/relative-time';

/**
 * The compose panel's attachments: those the message carries (a forward's original's, a saved
 * draft's), removed together, and the files picked here, each removable; with the total against the
 * 25 MB limit.
 */
export function ComposeAttachments({
  carried,
  files,
  tooLarge,
  onDropCarried,
  onRemoveFile,
}: {
  carried: MailAttachment[];
  files: File[];
  tooLarge: boolean;
  onDropCarried: () => void;
  onRemoveFile: (index: number) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const total = [...carried.map((a) => a.size), ...files.map((f) => f.size)].reduce((sum, s) => sum + s, 0);
  return (
    <>
      {carried.length > 0 && (
        <ul className="mt-2 grid gap-1" aria-label={t('inbox.compose.forwardedAttachments')}>
          {carried.map((a) => (
            <li key={a.index} className="flex items-center justify-between rounded border border-dashed px-2 py-1 text-sm">
              <span className="truncate">
                {a.filename} <span className="text-muted-foreground">({formatSize(a.size, locale)})</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('inbox.compose.removeAttachment', { name: a.filename })}
                onClick={onDropCarried}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="mt-2 grid gap-1" aria-label={t('inbox.read.attachments')}>
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="flex items-center justify-between rounded border px-2 py-1 text-sm">
              <span className="truncate">
                {file.name} <span className="text-muted-foreground">({formatSize(file.size, locale)})</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('inbox.compose.removeAttachment', { name: file.name })}
                onClick={() => onRemoveFile(i)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className={tooLarge ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'} data-testid="attachments-total">
        {t('inbox.compose.attachmentsTotal', {
          size: formatSize(total, locale),
          max: formatSize(ATTACHMENTS_MAX_BYTES, locale),
        })}
      </p>
    </>
  );
}

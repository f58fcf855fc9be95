import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const batchVariants: Record<string, BadgeVariant> = {
  pending: 'warning',
  processing: 'info',
  completed: 'success',
  failed: 'destructive',
};

const categorizeVariants: Record<string, BadgeVariant> = {
  queued: 'warning',
  fetching: 'info',
  analyzing: 'info',
  refining: 'info',
  finalizing: 'accent',
  completed: 'success',
  failed: 'destructive',
};

/** The automatic initialisation's batchStatus (matched case-insensitively). */
export function BatchStatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (!status) return null;
  const key = status.toLowerCase();
  const variant = batchVariants[key] ?? 'neutral';
  return (
    <Badge variant={variant} data-status={key}>
      {t(`mailSettings.status.${key}`, { defaultValue: status })}
    </Badge>
  );
}

/** The AI categorisation's batchCategorizeStatus, labelled by a key per lowercase status. */
export function CategorizeStatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (!status) return null;
  const key = status.toLowerCase();
  const variant = categorizeVariants[key] ?? 'neutral';
  return (
    <Badge variant={variant} data-status={key}>
      {t(`mailSettings.status.${key}`, { defaultValue: status })}
    </Badge>
  );
}

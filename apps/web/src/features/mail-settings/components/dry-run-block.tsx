import type { Category } from '@app/shared/categories';
import type { MailSetting } from '@app/shared/mail-settings';
import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { mailSettingsKeys } from '../api/keys';
import { DRY_RUN_DAY_CHOICES, DRY_RUN_DEFAULT_DAYS } from '../utils/dry-run';
import type { SettingUpdate } from './authserv-id-section';
import { DryRunReview } from './dry-run-review';
import { SettingsCard } from './settings-card';

type DryRunBlockProps = {
  setting: MailSetting;
  /** The classification categories (a wrong verdict says which one the message belongs to). */
  categories: Category[] | undefined;
  onUpdate: SettingUpdate;
  pending: ReadonlySet<string>;
};

/**
 * The dry run (issue 36): for the days the owner chooses the assistant records what it would have
 * done and does none of it; the owner reviews the record, marks each message right or wrong, and
 * switches to live in one click.
 */
export function DryRunBlock({ setting, categories, onUpdate, pending }: DryRunBlockProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [clicked, setClicked] = useState<'start' | 'live' | 'extend' | null>(null);
  const busy = pending.has('dryRunDays');
  const until = setting.dryRunUntil;
  const active = until !== null;

  const send = (dryRunDays: number, button: NonNullable<typeof clicked>) => {
    setClicked(button);
    onUpdate({ dryRunDays }, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: mailSettingsKeys.dryRun() }) });
  };
  const pendingOn = (button: typeof clicked) => busy && clicked === button;

  return (
    <SettingsCard
      id="dry-run-block"
      title={
        <>
          {t('mailSettings.dryRun.title')}
          <Badge variant={active ? 'warning' : 'neutral'}>
            {t(active ? 'mailSettings.dryRun.activeBadge' : 'mailSettings.dryRun.liveBadge')}
          </Badge>
        </>
      }
    >
      {active ? (
        <div className="grid gap-3">
          <div className="grid gap-0.5">
            <p data-testid="dry-run-until" className="text-sm font-medium">
              {t('mailSettings.dryRun.until', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(until)),
              })}
            </p>
            <p className="text-xs text-muted-foreground">{t('mailSettings.dryRun.activeHint')}</p>
          </div>
          <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
            <Button pending={pendingOn('live')} disabled={busy} onClick={() => send(0, 'live')}>
              <Play aria-hidden />
              {t('mailSettings.dryRun.switchToLive')}
            </Button>
            <DaysChoice
              label={t('mailSettings.dryRun.extendDays')}
              action={t('mailSettings.dryRun.extend')}
              variant="outline"
              busy={busy}
              pending={pendingOn('extend')}
              onChoose={(days) => send(days, 'extend')}
            />
          </div>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">{t('mailSettings.dryRun.description')}</p>
          <DaysChoice
            label={t('mailSettings.dryRun.days')}
            action={t('mailSettings.dryRun.start')}
            icon
            busy={busy}
            pending={pendingOn('start')}
            onChoose={(days) => send(days, 'start')}
          />
        </div>
      )}
      <DryRunReview active={active} categories={categories ?? []} mailboxes={setting.mailboxes} />
    </SettingsCard>
  );
}

type DaysChoiceProps = {
  label: string;
  action: string;
  variant?: 'default' | 'outline';
  icon?: boolean;
  busy: boolean;
  pending: boolean;
  onChoose: (days: number) => void;
};

/** A number of days (1 to 30) and the button that sends it. */
function DaysChoice({ label, action, variant = 'default', icon, busy, pending, onChoose }: DaysChoiceProps) {
  const { t } = useTranslation();
  const id = useId();
  const [days, setDays] = useState<number>(DRY_RUN_DEFAULT_DAYS);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <select
          id={id}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          value={days}
          disabled={busy}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {DRY_RUN_DAY_CHOICES.map((count) => (
            <option key={count} value={count}>
              {t('mailSettings.dryRun.dayCount', { count })}
            </option>
          ))}
        </select>
      </div>
      <Button variant={variant} pending={pending} disabled={busy} onClick={() => onChoose(days)}>
        {icon && <FlaskConical aria-hidden />}
        {action}
      </Button>
    </div>
  );
}

import type { MailSetting, UpdateMailSettingInput } from '@app/shared/mail-settings';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { rangeFromApi, rangeToApi, type CompleteRange } from '../utils/fetch-range';
import { DateRangePicker } from './date-range-picker';
import { FirstRunProgress } from './first-run-progress';
import { InfoTip, SettingsCard } from './settings-card';
import { BatchStatusBadge } from './status-badge';

type SyncBlockProps = {
  setting: MailSetting;
  defaultRange: CompleteRange | null;
  maxDays: number | undefined;
  onUpdate: (patch: Omit<UpdateMailSettingInput, 'id'>) => void;
  pending: ReadonlySet<string>;
};

/**
 * Block 2: the automatic initialisation (past mail of a period is analysed). Toggling and resetting
 * ask the browser for a confirmation and send the switch with the chosen period.
 */
export function SyncBlock({ setting, defaultRange, maxDays, onUpdate, pending }: SyncBlockProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<CompleteRange | null>(() => rangeFromApi(setting.fetchRangeDates) ?? defaultRange);
  const busy = pending.has('isSyncEnabled');

  const send = (isSyncEnabled: boolean) => onUpdate({ isSyncEnabled, fetchRangeDates: rangeToApi(range ?? defaultRange) });

  const toggle = (next: boolean) => {
    if (window.confirm(t(next ? 'mailSettings.sync.confirmEnable' : 'mailSettings.sync.confirmDisable'))) send(next);
  };
  const reset = () => {
    if (window.confirm(t('mailSettings.sync.confirmReset'))) send(setting.isSyncEnabled);
  };

  return (
    <SettingsCard
      id="sync-block"
      title={
        <>
          {t('mailSettings.sync.title')}
          <InfoTip label={t('mailSettings.sync.tooltipLabel')} content={t('mailSettings.sync.tooltip')} />
          {setting.isSyncEnabled && <BatchStatusBadge status={setting.batchStatus} />}
        </>
      }
      aside={
        setting.isSyncEnabled && (
          <Button variant="outline" size="sm" pending={busy} onClick={reset}>
            <RotateCcw aria-hidden />
            {t('mailSettings.sync.reset')}
          </Button>
        )
      }
    >
      <BatchProgress setting={setting} />
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor="sync-enabled">{t('mailSettings.sync.toggle')}</Label>
          <p id="sync-enabled-hint" className="text-xs text-muted-foreground">
            {t('mailSettings.options.syncHint')}
          </p>
        </div>
        <Switch
          id="sync-enabled"
          aria-describedby="sync-enabled-hint"
          checked={setting.isSyncEnabled}
          disabled={busy}
          onCheckedChange={toggle}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="sync-range">{t('mailSettings.options.fetchRange')}</Label>
        <DateRangePicker
          id="sync-range"
          value={range}
          onChange={setRange}
          maxDays={maxDays}
          disabled={busy}
          aria-describedby="sync-range-hint"
        />
        <p id="sync-range-hint" className="text-xs text-muted-foreground">
          {t('mailSettings.sync.rangeHint')}
        </p>
      </div>
    </SettingsCard>
  );
}

/** What the running (or failed) initialisation has done, polled with the setting. */
function BatchProgress({ setting }: { setting: MailSetting }) {
  const { t } = useTranslation();
  const progress = setting.batchProgress?.job === 'initialisation' ? setting.batchProgress : null;
  if (!setting.isSyncEnabled || !progress) return null;
  if (setting.batchStatus === 'failed' && progress.error)
    return <p className="text-sm text-destructive">{t('mailSettings.sync.failed', { error: progress.error })}</p>;
  if (setting.batchStatus !== 'processing') return null;
  return <FirstRunProgress progress={progress} />;
}

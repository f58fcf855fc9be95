import { RESPONSE_TYPES, type MailboxNode, type MailSetting, type UpdateMailSettingInput } from '@app/shared/mail-settings';
import { PlugZap, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { MailboxSelect } from './mailbox-select';
import { useInstantReplyConfirm } from './instant-reply-confirm';
import { SettingsCard } from './settings-card';

export const responseTypeNames: Record<number, string> = {
  0: 'disable',
  1: 'instantReply',
  2: 'saveDraft',
  3: 'basedOnClassification',
};

type AccountBlockProps = {
  setting: MailSetting;
  mailboxes: MailboxNode[];
  mailboxesLoading: boolean;
  onUpdate: (patch: Omit<UpdateMailSettingInput, 'id'>) => void;
  /** The fields whose update is on its way. */
  pending: ReadonlySet<string>;
  onVerify: () => void;
  verifying: boolean;
  onDelete: () => void;
};

/** Block 1: the account, its checks and how replies are managed. */
export function AccountBlock({
  setting,
  mailboxes,
  mailboxesLoading,
  onUpdate,
  pending,
  onVerify,
  verifying,
  onDelete,
}: AccountBlockProps) {
  const { t } = useTranslation();
  const managed = setting.responseType !== RESPONSE_TYPES.disable;
  const responsePending = pending.has('responseType');
  const responseTypeName = responseTypeNames[setting.responseType] ?? 'disable';
  const confirmInstantReply = useInstantReplyConfirm('mailbox');

  return (
    <SettingsCard
      id="account-block"
      title={t('mailSettings.account.title')}
      aside={
        <>
          <Button variant="outline" size="sm" pending={verifying} onClick={onVerify}>
            <PlugZap aria-hidden />
            {t('mailSettings.account.verify')}
          </Button>
          <Button variant="outline" size="sm" className="text-destructive" onClick={onDelete}>
            <Trash2 aria-hidden />
            {t('mailSettings.account.delete')}
          </Button>
        </>
      }
    >
      {setting.syncError && (
        <Alert variant="error" className="mb-3">
          {t('mailSettings.account.syncStopped', { reason: setting.syncError })}
        </Alert>
      )}
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{t('mailSettings.account.provider')}</dt>
          <dd className="font-medium">{t(`mailSettings.providers.${setting.provider}`)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t('mailSettings.account.username')}</dt>
          <dd className="truncate font-medium" title={setting.username}>
            {setting.username}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('mailSettings.account.responseType')}</dt>
          <dd className="font-medium">
            {responseTypeName === 'disable'
              ? t('mailSettings.account.noResponse')
              : t(`mailSettings.responseTypes.${responseTypeName}.title`)}
          </dd>
        </div>
      </dl>

      <div className="grid gap-2 sm:max-w-sm">
        <Label htmlFor="tracked-mailbox">{t('mailSettings.account.trackedMailbox')}</Label>
        {mailboxesLoading && mailboxes.length === 0 ? (
          <Skeleton className="h-9 w-full" />
        ) : (
          <MailboxSelect
            id="tracked-mailbox"
            mailboxes={mailboxes}
            value={setting.trackedMailbox}
            disabled={pending.has('trackedMailbox')}
            describedBy="tracked-mailbox-hint"
            onChange={(trackedMailbox) => trackedMailbox !== setting.trackedMailbox && onUpdate({ trackedMailbox })}
          />
        )}
        <p id="tracked-mailbox-hint" className="text-xs text-muted-foreground">
          {t('mailSettings.account.trackedMailboxHint')}
        </p>
      </div>

      <div className="grid gap-3 rounded-md border p-3">
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-0.5">
            <Label htmlFor="manage-replies">{t('mailSettings.account.manageReplies')}</Label>
            <p id="manage-replies-hint" className="text-xs text-muted-foreground">
              {t('mailSettings.account.manageRepliesHint')}
            </p>
          </div>
          <Switch
            id="manage-replies"
            aria-describedby="manage-replies-hint"
            checked={managed}
            disabled={responsePending}
            onCheckedChange={(on) => onUpdate({ responseType: on ? RESPONSE_TYPES.saveDraft : RESPONSE_TYPES.disable })}
          />
        </div>
        <RadioGroup
          aria-label={t('mailSettings.account.responseType')}
          value={managed ? String(setting.responseType) : ''}
          disabled={!managed || responsePending}
          onValueChange={(value) => {
            const responseType = Number(value);
            if (responseType === RESPONSE_TYPES.instantReply) confirmInstantReply.ask(() => onUpdate({ responseType }));
            else onUpdate({ responseType });
          }}
        >
          {[RESPONSE_TYPES.saveDraft, RESPONSE_TYPES.instantReply, RESPONSE_TYPES.basedOnClassification].map((value) => {
            const name = responseTypeNames[value] ?? 'saveDraft';
            return (
              <div key={value} className="flex items-start gap-2">
                <RadioGroupItem
                  id={`response-${value}`}
                  value={String(value)}
                  className="mt-0.5"
                  aria-describedby={`response-${value}-hint`}
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={`response-${value}`}>{t(`mailSettings.responseTypes.${name}.title`)}</Label>
                  <p id={`response-${value}-hint`} className="text-xs text-muted-foreground">
                    {t(`mailSettings.responseTypes.${name}.description`)}
                  </p>
                </div>
              </div>
            );
          })}
        </RadioGroup>
      </div>
      {confirmInstantReply.dialog}
    </SettingsCard>
  );
}

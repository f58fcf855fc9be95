import type { Category } from '@app/shared/categories';
import type { MailboxNode, MailSetting } from '@app/shared/mail-settings';
import { Plus, RefreshCw, Sparkles, Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { AuthservIdSection, type SettingUpdate } from './authserv-id-section';
import { CategoriesTable } from './categories-table';
import { InfoTip, SettingsCard } from './settings-card';
import { CategorizeStatusBadge } from './status-badge';

type ClassificationBlockProps = {
  setting: MailSetting;
  categories: Category[] | undefined;
  mailboxes: MailboxNode[];
  categoriesError: boolean;
  categoriesRefreshing: boolean;
  onRetryCategories: () => void;
  onRefresh: () => void;
  onUpdate: SettingUpdate;
  pending: ReadonlySet<string>;
  onAdd: () => void;
  onCreateWithAi: () => void;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
};

/**
 * Block 3: classification on/off, what becomes of likely spam, the receiving server's identity (IMAP
 * mailboxes), the AI categorisation status and the categories.
 */
export function ClassificationBlock(props: ClassificationBlockProps) {
  const { setting, categories, onUpdate, pending } = props;
  const { t } = useTranslation();
  const enabled = setting.isClassificationEnabled;
  const status = setting.batchCategorizeStatus;
  const empty = categories?.length === 0;

  return (
    <SettingsCard
      id="classification-block"
      title={
        <>
          {t('mailSettings.classification.title')}
          <InfoTip label={t('mailSettings.classification.tooltipLabel')} content={t('mailSettings.classification.tooltip')} />
          <CategorizeStatusBadge status={status} />
        </>
      }
      aside={
        enabled && (
          <Button size="sm" onClick={props.onAdd}>
            <Plus aria-hidden />
            {t('mailSettings.classification.add')}
          </Button>
        )
      }
    >
      {status === 'FINALIZING' && setting.batchProgress?.job === 'categorize' && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('mailSettings.classification.progress', { done: setting.batchProgress.done, total: setting.batchProgress.total })}
        </p>
      )}
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor="classification-enabled">{t('mailSettings.classification.toggle')}</Label>
          <p id="classification-enabled-hint" className="text-xs text-muted-foreground">
            {t('mailSettings.options.classificationHint')}
          </p>
        </div>
        <Switch
          id="classification-enabled"
          aria-describedby="classification-enabled-hint"
          checked={enabled}
          disabled={pending.has('isClassificationEnabled')}
          onCheckedChange={(isClassificationEnabled) => onUpdate({ isClassificationEnabled })}
        />
      </div>
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor="spam-to-junk">{t('mailSettings.classification.spamToJunk')}</Label>
          <p id="spam-to-junk-hint" className="text-xs text-muted-foreground">
            {t('mailSettings.classification.spamToJunkHint')}
          </p>
        </div>
        <Switch
          id="spam-to-junk"
          aria-describedby="spam-to-junk-hint"
          checked={setting.moveSpamToJunk}
          disabled={pending.has('moveSpamToJunk')}
          onCheckedChange={(moveSpamToJunk) => onUpdate({ moveSpamToJunk })}
        />
      </div>
      {setting.provider === 'smtp' && <AuthservIdSection setting={setting} onUpdate={onUpdate} pending={pending} />}

      {enabled &&
        (status && empty ? (
          <Alert>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>{t('mailSettings.classification.refreshHint')}</span>
              <Button variant="outline" size="sm" pending={props.categoriesRefreshing} onClick={props.onRefresh}>
                <RefreshCw aria-hidden />
                {t('mailSettings.classification.refresh')}
              </Button>
            </div>
          </Alert>
        ) : null)}

      {!enabled ? (
        <p className="text-sm text-muted-foreground">{t('mailSettings.classification.disabled')}</p>
      ) : props.categoriesError && !categories ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('categories.loadError')}</span>
            <Button variant="outline" size="sm" pending={props.categoriesRefreshing} onClick={props.onRetryCategories}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : empty ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center">
          <Tags className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">{t('categories.empty')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" onClick={props.onAdd}>
              <Plus aria-hidden />
              {t('categories.addManually')}
            </Button>
            <Button onClick={props.onCreateWithAi}>
              <Sparkles aria-hidden />
              {t('categories.createWithAi')}
            </Button>
          </div>
        </div>
      ) : (
        <CategoriesTable categories={categories} mailboxes={props.mailboxes} onEdit={props.onEdit} onDelete={props.onDelete} />
      )}
    </SettingsCard>
  );
}

import type { MailboxNode } from '@app/shared/mail-settings';
import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { flattenMailboxes } from '../utils/mailbox-tree';

type MailboxSelectProps = {
  id: string;
  mailboxes: MailboxNode[];
  value: string | null | undefined;
  onChange: (id: string) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** Leaves out folders that cannot be chosen here (e.g. the mailbox's special folders). */
  filter?: (node: MailboxNode) => boolean;
};

/** A folder (or label) picker showing the mailbox tree, children indented under their parent. */
export function MailboxSelect({
  id,
  mailboxes,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  describedBy,
  filter,
}: MailboxSelectProps) {
  const { t } = useTranslation();
  const items = flattenMailboxes(mailboxes).filter(({ node }) => node.id !== '' && (!filter || filter(node)));
  return (
    <Select value={value ?? ''} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
        <SelectValue placeholder={placeholder ?? t('mailSettings.account.chooseMailbox')} />
      </SelectTrigger>
      <SelectContent>
        {items.length === 0 ? (
          <p className="px-2 py-1.5 text-muted-foreground">{t('mailSettings.account.noMailboxes')}</p>
        ) : (
          items.map(({ node, depth }) => (
            <SelectItem key={node.id} value={node.id} style={{ paddingLeft: `${2 + depth * 1}rem` }}>
              {node.shortName || node.name}
            </SelectItem>
          ))
        )}
      </SelectContent>
    </Select>
  );
}

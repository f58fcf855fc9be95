import { type CategoryRules, RULES_PREVIEW_SCAN, type RulesPreview } from '@app/shared/categories';
import { parseMessage } from '../../mail/mime/parse-message';
import type { BrowsedMessage, MessageSummary } from '../../mail/port';
import { matchesRules, type RuleMessage } from '../../pipeline/rule-match';
import { requireAccount } from '../mail-settings/mail-settings.service';
import { type MailboxDeps, withMailbox } from './mailbox.service';
import type { ActorRef } from '../../access/actor';

/**
 * Which of the tracked folder's newest messages a rules category would file, through the same
 * matcher the pipeline uses. Bodies are read only when a rule looks at the body.
 */
export async function previewRules(deps: MailboxDeps, caller: ActorRef, rules: CategoryRules): Promise<RulesPreview> {
  const account = await requireAccount(deps.db, caller);
  const folder = account.trackedMailbox ?? 'INBOX';
  return withMailbox(deps, caller, async (_provider, ops) => {
    const page = ops.browse
      ? await ops.browse(folder, { offset: 0, limit: RULES_PREVIEW_SCAN })
      : await ops.list(folder, { offset: 0, limit: RULES_PREVIEW_SCAN });
    const messages: (MessageSummary & { cc?: BrowsedMessage['cc'] })[] = page.messages;
    const readsBody = Boolean(rules.body?.values.length);
    const matches: RulesPreview['matches'] = [];
    for (const m of messages) {
      const raw = readsBody ? await ops.fetchRaw(folder, m.id) : null;
      const message: RuleMessage = {
        from: m.from,
        to: m.to,
        cc: m.cc ?? [],
        bcc: [],
        subject: m.subject,
        text: raw ? (await parseMessage(raw, { maxBodyChars: 20_000 })).text : '',
      };
      if (!matchesRules(message, rules)) continue;
      matches.push({
        uid: m.id,
        subject: m.subject,
        from: m.from,
        date: m.date && !Number.isNaN(m.date.getTime()) ? m.date.toISOString() : null,
      });
    }
    return { folder, scanned: messages.length, matches };
  });
}

import { z } from 'zod';
import { MailError } from '../errors';
import type { MailFolder, MailProvider } from '../port';
import { gmailNewMessages } from './gmail-history';
import { gmailMessageOperations } from './gmail-messages';
import { gmailWatch } from './gmail-watch';
import { type TokenSource, type VendorHttpOptions, type VendorRequest, vendorJson } from '../vendor-http';

/** Gmail through its REST API (labels play the part of folders). */

const labelSchema = z.object({ id: z.string(), name: z.string(), type: z.string().optional() });
type Label = z.infer<typeof labelSchema>;

/** System labels shown as folders, with their special use and display name; the others are hidden. */
const SYSTEM_LABELS: Record<string, { specialUse: string; name: string }> = {
  INBOX: { specialUse: '\\Inbox', name: 'Inbox' },
  SENT: { specialUse: '\\Sent', name: 'Sent' },
  DRAFT: { specialUse: '\\Drafts', name: 'Drafts' },
  SPAM: { specialUse: '\\Junk', name: 'Spam' },
  TRASH: { specialUse: '\\Trash', name: 'Trash' },
  STARRED: { specialUse: '\\Starred', name: 'Starred' },
  IMPORTANT: { specialUse: '\\Important', name: 'Important' },
};

export function createGmailProvider(apiBase: string, tokens: TokenSource, http: VendorHttpOptions = {}): MailProvider {
  const call = <T>(path: string, init?: VendorRequest) =>
    vendorJson<T>('oauth', tokens, `${apiBase}/users/me${path}`, init, http);

  async function labels(): Promise<Label[]> {
    const body = await call<unknown>('/labels');
    return z.object({ labels: z.array(labelSchema).default([]) }).parse(body).labels;
  }

  function toFolders(list: Label[]): MailFolder[] {
    const shown = list.filter((l) => l.type !== 'system' || SYSTEM_LABELS[l.id]);
    const idByName = new Map(shown.map((l) => [l.name.toLowerCase(), l.id]));
    return shown.map((l) => {
      const system = SYSTEM_LABELS[l.id];
      const parentName = l.name.includes('/') ? l.name.slice(0, l.name.lastIndexOf('/')) : null;
      return {
        id: l.id,
        path: system?.name ?? l.name,
        name: system?.name ?? l.name.split('/').at(-1)!,
        parentId: parentName ? (idByName.get(parentName.toLowerCase()) ?? null) : null,
        specialUse: system?.specialUse ?? null,
      };
    });
  }

  async function createLabel(name: string): Promise<Label | null> {
    try {
      return labelSchema.parse(
        await call('/labels', {
          method: 'POST',
          body: { name, labelListVisibility: 'labelShow', messageListVisibility: 'show' },
        }),
      );
    } catch (error) {
      // 409 "Label name exists or conflicts": someone made it meanwhile; the next listing finds it.
      if (error instanceof MailError && error.kind === 'invalid' && /exists|conflict/i.test(error.message)) return null;
      throw error;
    }
  }

  return {
    async verify() {
      await this.address();
    },

    async address() {
      return z.object({ emailAddress: z.string() }).parse(await call('/profile')).emailAddress;
    },

    async listFolders() {
      return toFolders(await labels());
    },

    async ensureFolder(segments, parentId) {
      let list = await labels();
      const parent = parentId ? list.find((l) => l.id === parentId) : undefined;
      if (parentId && !parent) throw new MailError('not_found', 'oauth', 'protocol', `Label ${parentId} does not exist`);
      let name = parent?.name ?? '';
      for (const segment of segments) {
        name = name ? `${name}/${segment}` : segment;
        const existing = list.find((l) => l.name.toLowerCase() === name.toLowerCase());
        if (existing) {
          name = existing.name;
          continue;
        }
        const created = await createLabel(name);
        list = created ? [...list, created] : await labels();
      }
      const folder = toFolders(list).find((f) => f.path.toLowerCase() === name.toLowerCase());
      if (!folder) throw new MailError('transient', 'oauth', 'protocol', `Label ${name} was not created`);
      return folder;
    },

    listNewMessages: gmailNewMessages(call),

    ...gmailWatch(call),

    messages: gmailMessageOperations(call),

    async close() {},
  };
}

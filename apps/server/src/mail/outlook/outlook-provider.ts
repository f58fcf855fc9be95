import { z } from 'zod';
import { MailError } from '../errors';
import type { MailFolder, MailProvider } from '../port';
import { outlookNewMessages } from './outlook-delta';
import { outlookMessageOperations } from './outlook-messages';
import { outlookSubscriptions } from './outlook-subscriptions';
import { type TokenSource, type VendorHttpOptions, type VendorRequest, vendorJson } from '../vendor-http';

/** Outlook through Microsoft Graph mail folders. */

const folderSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  parentFolderId: z.string().nullish(),
  childFolderCount: z.number().int().default(0),
});
type GraphFolder = z.infer<typeof folderSchema>;
const folderList = z.object({ value: z.array(folderSchema), '@odata.nextLink': z.string().optional() });

/** Graph's well-known folder names and the special use each stands for. */
const WELL_KNOWN: [string, string][] = [
  ['inbox', '\\Inbox'],
  ['drafts', '\\Drafts'],
  ['sentitems', '\\Sent'],
  ['deleteditems', '\\Trash'],
  ['junkemail', '\\Junk'],
  ['archive', '\\Archive'],
];
const SELECT = '$select=id,displayName,parentFolderId,childFolderCount';

export function createOutlookProvider(apiBase: string, tokens: TokenSource, http: VendorHttpOptions = {}): MailProvider {
  const call = <T>(url: string, init?: VendorRequest) =>
    vendorJson<T>('oauth', tokens, url.startsWith('http') ? url : `${apiBase}${url}`, init, http);

  /** Every page of a folder collection. */
  async function collect(path: string): Promise<GraphFolder[]> {
    const out: GraphFolder[] = [];
    let next: string | undefined = `${path}${path.includes('?') ? '&' : '?'}$top=100&${SELECT}`;
    while (next) {
      const page = folderList.parse(await call(next));
      out.push(...page.value);
      next = page['@odata.nextLink'];
    }
    return out;
  }

  const children = (parentId: string | null) =>
    collect(parentId ? `/me/mailFolders/${encodeURIComponent(parentId)}/childFolders` : '/me/mailFolders');

  async function wellKnownIds(): Promise<Map<string, string>> {
    const found = await Promise.all(
      WELL_KNOWN.map(async ([name, use]) => {
        try {
          const folder = folderSchema.parse(await call(`/me/mailFolders/${name}?${SELECT}`));
          return [folder.id, use] as const;
        } catch (error) {
          if (error instanceof MailError && error.kind === 'not_found') return null;
          throw error;
        }
      }),
    );
    return new Map(found.filter((f) => f !== null));
  }

  async function createChild(parentId: string | null, displayName: string): Promise<GraphFolder | null> {
    const path = parentId ? `/me/mailFolders/${encodeURIComponent(parentId)}/childFolders` : '/me/mailFolders';
    try {
      return folderSchema.parse(await call(path, { method: 'POST', body: { displayName } }));
    } catch (error) {
      // 409 ErrorFolderExists: made meanwhile; the caller lists again.
      if (error instanceof MailError && error.kind === 'invalid' && /ErrorFolderExists|already exists/i.test(error.message))
        return null;
      throw error;
    }
  }

  return {
    async verify() {
      await this.address();
    },

    async address() {
      const me = z
        .object({ mail: z.string().nullish(), userPrincipalName: z.string() })
        .parse(await call('/me?$select=mail,userPrincipalName'));
      return me.mail ?? me.userPrincipalName;
    },

    async listFolders() {
      const [special, top] = await Promise.all([wellKnownIds(), children(null)]);
      const folders: MailFolder[] = [];
      const walk = async (list: GraphFolder[], parent: MailFolder | null) => {
        for (const f of list) {
          const folder = {
            id: f.id,
            path: parent ? `${parent.path}/${f.displayName}` : f.displayName,
            name: f.displayName,
            parentId: parent?.id ?? null,
            specialUse: special.get(f.id) ?? null,
          };
          folders.push(folder);
          if (f.childFolderCount > 0) await walk(await children(f.id), folder);
        }
      };
      await walk(top, null);
      return folders;
    },

    async ensureFolder(segments, parentId) {
      let current: GraphFolder | null = null;
      if (parentId) current = folderSchema.parse(await call(`/me/mailFolders/${encodeURIComponent(parentId)}?${SELECT}`));
      const names: string[] = [];
      for (const segment of segments) {
        const find = async () =>
          (await children(current?.id ?? null)).find((f) => f.displayName.toLowerCase() === segment.toLowerCase());
        const next: GraphFolder | undefined =
          (await find()) ?? (await createChild(current?.id ?? null, segment)) ?? (await find());
        if (!next) throw new MailError('transient', 'oauth', 'protocol', `Folder ${segment} was not created`);
        current = next;
        names.push(next.displayName);
      }
      const all = await this.listFolders();
      const folder = all.find((f) => f.id === current?.id);
      if (!folder)
        throw new MailError('transient', 'oauth', 'protocol', `Folder ${names.join('/')} was not found after creation`);
      return folder;
    },

    listNewMessages: outlookNewMessages(call, apiBase),

    ...outlookSubscriptions(call),

    messages: outlookMessageOperations(call, apiBase, tokens, http),

    async close() {},
  };
}

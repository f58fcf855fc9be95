import type { MailboxNode } from '@app/shared/mail-settings';

export type FlatMailbox = { node: MailboxNode; depth: number };

/** The folder tree in display order, each folder with its depth. */
export function flattenMailboxes(nodes: MailboxNode[], depth = 0): FlatMailbox[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenMailboxes(node.children ?? [], depth + 1)]);
}

export function findMailbox(nodes: MailboxNode[], id: string | null | undefined): MailboxNode | undefined {
  if (!id) return undefined;
  return flattenMailboxes(nodes).find(({ node }) => node.id === id)?.node;
}

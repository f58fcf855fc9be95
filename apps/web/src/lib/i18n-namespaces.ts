/**
 * The texts' namespaces (one JSON file each in every language), in the groups they download in.
 * vite.config.ts makes one chunk per group and language; English public texts are in the entry.
 */

/** What the public screens use (sign-in, sign-up, password). */
export const publicNamespaces: readonly string[] = ['common', 'errors', 'auth'];

/**
 * The signed-in layout's texts and those of the screens a visit most often starts on (the knowledge
 * list, the webmail): they come before the layout renders.
 */
export const firstScreenNamespaces: readonly string[] = ['layout', 'helpGuide', 'knowledge', 'inbox'];

/** The other signed-in screens' texts: they come a moment after the first screen, or before any of those screens. */
export const laterNamespaces: readonly string[] = [
  'profile',
  'placeholders',
  'mailSettings',
  'categories',
  'team',
  'billing',
  'agent',
  'prompts',
  'feedback',
  'tutorials',
  'plugins',
  // The shared AI provider schema's and server's messages ('aiProvider.errors.…', 'aiProvider.validation.…').
  'aiProvider',
];

/** Which download a namespace's texts come in. */
export function textGroup(namespace: string): 'public' | 'first' | 'later' {
  if (publicNamespaces.includes(namespace)) return 'public';
  return firstScreenNamespaces.includes(namespace) ? 'first' : 'later';
}

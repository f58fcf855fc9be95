import type { ResourceKey } from 'i18next';

/** The namespaces not in the main bundle (see lib/i18n.ts): one chunk, downloaded with the signed-in screens. */
const files = import.meta.glob<ResourceKey>(['./*.json', '!./common.json', '!./errors.json', '!./auth.json'], {
  eager: true,
  import: 'default',
});
export default Object.fromEntries(Object.entries(files).map(([file, content]) => [file.slice(2, -'.json'.length), content]));

import type { ResourceKey } from 'i18next';

/** Every namespace of this language, by file name: one chunk, downloaded when the language is chosen. */
const files = import.meta.glob<ResourceKey>('./*.json', { eager: true, import: 'default' });
export default Object.fromEntries(Object.entries(files).map(([file, content]) => [file.slice(2, -'.json'.length), content]));

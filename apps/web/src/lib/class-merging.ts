import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';

/**
 * The class groups of tailwind-merge's default configuration that the app's classes belong to (116
 * of its 379). On its first call tailwind-merge builds a table of every group it is given: with all
 * of them that took 17–19 ms in Node and a median of 44 ms in Chromium on this project's machine;
 * with these, 10–14 and 24 ms.
 *
 * `class-merging.test.ts` merges every pair of the classes written in `src/` with this merger and
 * with tailwind-merge's full one and fails, naming the group, when a class of a group left out
 * appears.
 */
// prettier-ignore
export const MERGED_CLASS_GROUPS: readonly string[] = [
  'aspect', 'container', 'display', 'sr', 'overflow', 'overflow-x', 'overflow-y', 'position', 'inset', 'inset-y',
  'top', 'right', 'bottom', 'left', 'visibility', 'z', 'basis', 'flex-direction', 'flex-wrap', 'flex', 'grow', 'shrink',
  'grid-cols', 'col-start-end', 'col-start', 'row-start-end', 'row-start', 'grid-flow', 'gap', 'gap-x', 'gap-y', 'justify-content', 'justify-items', 'justify-self',
  'align-content', 'align-items', 'align-self', 'place-items', 'p', 'px', 'py', 'pt', 'pr', 'pb', 'pl', 'm', 'mx',
  'my', 'mt', 'mb', 'ml', 'size', 'w', 'min-w', 'max-w', 'h', 'min-h', 'max-h', 'font-size',
  'font-style', 'font-weight',
  'font-family', 'fvn-spacing', 'tracking', 'line-clamp', 'leading', 'list-style-type', 'text-alignment',
  'text-color', 'text-decoration', 'underline-offset', 'text-transform', 'text-overflow', 'vertical-align',
  'whitespace', 'break', 'wrap', 'bg-color', 'gradient-from', 'gradient-to', 'rounded', 'border-w', 'border-w-x',
  'border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l', 'border-style', 'border-color',
  'border-color-x', 'border-color-y', 'border-color-t', 'border-color-l', 'outline-style', 'outline-offset',
  'outline-w', 'outline-color', 'shadow', 'shadow-color', 'ring-w', 'ring-w-inset', 'ring-color', 'opacity',
  'filter', 'blur', 'transition', 'animate', 'translate-x', 'translate-y', 'accent', 'cursor', 'pointer-events',
  'resize', 'touch', 'select', 'fill'
];

type Config = ReturnType<typeof getDefaultConfig>;

function mergedConfig(): Config {
  const config = getDefaultConfig();
  const kept = new Set(MERGED_CLASS_GROUPS);
  const classGroups = Object.fromEntries(Object.entries(config.classGroups).filter(([group]) => kept.has(group)));
  // Conflicts naming a group left out stay: a class of that group is never met, so they are never read.
  return { ...config, classGroups: classGroups as Config['classGroups'] };
}

let preparedConfig: Config | undefined;

/** tailwind-merge's `twMerge`, knowing only the groups above. */
export const twMerge = createTailwindMerge(() => preparedConfig ?? mergedConfig());

/**
 * Sets tailwind-merge up in two tasks of the browser, its configuration (~15 ms in Chromium here)
 * and then its table (~13 ms), while the first answers are awaited: otherwise the first render's
 * first merge does both in one piece that its slices cannot split.
 */
export function prepareClassMerging() {
  setTimeout(() => {
    preparedConfig ??= mergedConfig();
  });
  setTimeout(() => twMerge('p-0'));
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTailwindMerge, getDefaultConfig, twMerge as fullMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { MERGED_CLASS_GROUPS, twMerge } from './class-merging';

const webRoot = path.resolve(import.meta.dirname, '../..');

/** Every word of the app's sources that tailwind-merge's full configuration knows as a class. */
function appClasses(): string[] {
  const sources = readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|css)$/.test(file))
    .map((file) => path.join(webRoot, 'src', file));
  const words = new Set<string>();
  for (const file of [...sources, path.join(webRoot, 'index.html')]) {
    for (const word of readFileSync(file, 'utf8').split(/[\s'"`]+/)) if (word) words.add(word);
  }
  // A class merged with itself leaves one copy; a word that is not a class is left twice.
  return [...words].filter((word) => fullMerge(`${word} ${word}`) === word);
}

/** The groups of tailwind-merge's default configuration that these classes belong to, in its order. */
function groupsOf(classes: string[]): string[] {
  return Object.keys(getDefaultConfig().classGroups).filter((group) => {
    const mergeOneGroup = createTailwindMerge(() => {
      const config = getDefaultConfig();
      const classGroups = { [group]: config.classGroups[group as keyof typeof config.classGroups] };
      return { ...config, classGroups };
    });
    return classes.some((name) => mergeOneGroup(`${name} ${name}`) === name);
  });
}

describe('class merging', () => {
  const classes = appClasses();

  it('is given exactly the groups of the classes the app writes', () => {
    expect(classes.length).toBeGreaterThan(300);
    // On failure, MERGED_CLASS_GROUPS in class-merging.ts must become the list received here.
    expect([...MERGED_CLASS_GROUPS]).toEqual(groupsOf(classes));
  });

  it('merges every pair of those classes as tailwind-merge does with all its groups', () => {
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        if (twMerge(pair) !== fullMerge(pair)) differences.push(pair);
      }
    }
    expect(differences).toEqual([]);
    expect(twMerge('px-2 p-4 text-sm text-red-500 hover:bg-accent hover:bg-muted')).toBe(
      'p-4 text-sm text-red-500 hover:bg-muted',
    );
  });
});

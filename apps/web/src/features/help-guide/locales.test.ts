import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysIn, resource, sourceFiles } from '@/test/locale-keys';
import { helpGuideSteps } from './steps';

/** Every key the guide can show has an English and a French text. */
const KEY = /['`](helpGuide\.[A-Za-z_]+(?:\.[A-Za-z_]+)*)['`]/g;

const here = dirname(fileURLToPath(import.meta.url));

describe('help guide texts', () => {
  const screenKeys = sourceFiles(here).flatMap((file) => keysIn(file, KEY));
  // Built at run time from the step ids.
  const stepKeys = helpGuideSteps.flatMap((step) =>
    ['title', 'body', 'action', 'alt'].map((part) => `helpGuide.steps.${step.id}.${part}`),
  );

  it('finds the keys it checks', () => {
    expect(screenKeys).toContain('helpGuide.finish');
    expect(screenKeys).toContain('helpGuide.button.hide');
  });

  it.each(['en', 'fr'])('every key of the guide has a %s text', (lng) => {
    const missing = [...new Set([...screenKeys, ...stepKeys])].filter((key) => typeof resource(lng, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('the explanations and the image alt texts are written in French too', () => {
    const prose = stepKeys.filter((key) => key.endsWith('.body') || key.endsWith('.alt'));
    for (const key of prose) expect(resource('fr', key)).not.toBe(resource('en', key));
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const box = createSecretBox(randomBytes(32).toString('hex'));

describe('secret box', () => {
  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('hunter2-ß-密码');
    expect(sealed).not.toContain('hunter2');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toBe('hunter2-ß-密码');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses tampered data and another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32).toString('hex')).open(sealed)).toThrow();
    expect(() => box.open('garbage')).toThrow('Unreadable');
  });
});

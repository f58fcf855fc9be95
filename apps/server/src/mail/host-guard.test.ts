import { describe, expect, it } from 'vitest';
import { isInternalAddress, resolveMailHost } from './host-guard';

describe('mail host guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ])('treats %s as internal', (address) => expect(isInternalAddress(address)).toBe(true));

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '172.32.0.1'])('treats %s as public', (address) =>
    expect(isInternalAddress(address)).toBe(false),
  );

  it('refuses loopback names and private literals unless allowed', async () => {
    await expect(resolveMailHost('localhost', 'imap', false)).rejects.toMatchObject({ reason: 'refused_host', stage: 'imap' });
    await expect(resolveMailHost('192.168.0.10', 'smtp', false)).rejects.toMatchObject({ reason: 'refused_host', stage: 'smtp' });
    await expect(resolveMailHost('localhost', 'imap', true)).resolves.toEqual({ address: 'localhost', servername: 'localhost' });
  });

  it('pins a public literal as the address to connect to', async () => {
    await expect(resolveMailHost('8.8.8.8', 'imap', false)).resolves.toEqual({ address: '8.8.8.8', servername: '8.8.8.8' });
  });

  it('reports names that do not resolve as unreachable', async () => {
    await expect(resolveMailHost('no-such-host.invalid', 'smtp', false)).rejects.toMatchObject({ reason: 'unreachable' });
  });
});

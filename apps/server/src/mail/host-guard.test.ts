import { describe, expect, it } from 'vitest';
import { assertPlainAllowed, isInternalAddress, isPrivateHost, ownAddresses, resolveMailHost } from './host-guard';

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
    // Documentation, benchmarking and protocol ranges (IANA special-purpose registries)
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.200',
    '198.18.0.1',
    '192.88.99.1',
    '255.255.255.255',
    '2001:db8::1',
    '3fff::1',
    '100::1',
    '64:ff9b:1::1',
    '2001:2::1',
    // IPv4 carried in IPv6: NAT64, 6to4, Teredo (server, then client inverted)
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '2002:c0a8:101::1',
    '2001:0:7f00:1::1',
    '2001:0:808:808:0:0:f5ff:fffe',
    'not an address',
  ])('treats %s as internal', (address) => expect(isInternalAddress(address)).toBe(true));

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '172.32.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:808:808:0:0:f7f7:f7f7',
  ])('treats %s as public', (address) => expect(isInternalAddress(address)).toBe(false));

  it("refuses the server's own interface addresses, even public ones", () => {
    expect(isInternalAddress('8.8.4.4', ['8.8.4.4'])).toBe(true);
    expect(isInternalAddress('::ffff:8.8.4.4', ['8.8.4.4'])).toBe(true);
    expect(isInternalAddress('2606:4700::6810:84e5', ['2606:4700:0:0::6810:84e5'])).toBe(true);
    expect(isInternalAddress('8.8.8.8', ['8.8.4.4'])).toBe(false);
    for (const own of ownAddresses()) expect(isInternalAddress(own), own).toBe(true);
  });

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

  it('allows a connection without encryption only to a private host, and only where private hosts are allowed', async () => {
    await expect(isPrivateHost('localhost')).resolves.toBe(true);
    await expect(isPrivateHost('10.0.0.5')).resolves.toBe(true);
    await expect(isPrivateHost('8.8.8.8')).resolves.toBe(false);
    await expect(isPrivateHost('no-such-host.invalid')).resolves.toBeNull();
    await expect(assertPlainAllowed('127.0.0.1', 'imap', true)).resolves.toBeUndefined();
    await expect(assertPlainAllowed('127.0.0.1', 'imap', false)).rejects.toMatchObject({ reason: 'refused_host', stage: 'imap' });
    await expect(assertPlainAllowed('8.8.8.8', 'smtp', true)).rejects.toMatchObject({ reason: 'refused_host', stage: 'smtp' });
    await expect(assertPlainAllowed('no-such-host.invalid', 'smtp', true)).rejects.toMatchObject({ reason: 'refused_host' });
  });
});

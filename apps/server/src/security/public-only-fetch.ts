import { lookup } from 'node:dns';
import net from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { isInternalAddress, ownAddresses } from '../mail/host-guard';

/** A connection refused because its address is on a private network. */
export class RefusedHostError extends Error {
  readonly code = 'EREFUSEDHOST';
}

/**
 * `fetch` that connects to public addresses only, for an endpoint a user chose (their own AI
 * provider's address): every connection's DNS answer is checked where it is used, so a name that
 * was public when saved and points inside later (DNS rebinding, a cloud's metadata address) is
 * refused at that connection, not only when the address was saved.
 */
export function publicOnlyFetch(): typeof fetch {
  const agent = new Agent({
    connect: {
      lookup(hostname, options, callback) {
        lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
          if (error) return callback(error, '', 0);
          const own = ownAddresses();
          if (addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address, own)))
            return callback(new RefusedHostError(`${hostname} points to a private network`), '', 0);
          if ((options as { all?: boolean }).all) return (callback as (e: null, list: typeof addresses) => void)(null, addresses);
          callback(null, addresses[0]!.address, addresses[0]!.family);
        });
      },
    },
  });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    // An address written as an IP is connected to without a lookup: checked here.
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && isInternalAddress(host, ownAddresses())) throw new RefusedHostError(`${host} is on a private network`);
    return undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    }) as unknown as Response;
  });
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in for our own webhook endpoint when an adapter is tested alone: records what the vendor
 * doubles post, echoes Graph's validation token (or not, with `echo: false`) and answers 202.
 */
export async function startPushReceiver() {
  const received: ReceivedPush[] = [];
  const state = { echo: true };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      received.push({ url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const token = url.searchParams.get('validationToken');
      if (token !== null) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end(state.echo ? token : 'something else');
      }
      res.writeHead(202);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    state,
    /** Resolves with the first request `match` accepts, waiting up to 5 s. */
    async next(match: (push: ReceivedPush) => boolean): Promise<ReceivedPush> {
      for (let waited = 0; waited < 5000; waited += 20) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('no push arrived');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../db/client';
import { metricsAccess } from './metrics.access';
import { createMetrics, type Metrics } from './metrics.registry';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * `METRICS_PORT`: the metrics alone (GET /metrics, or /api/metrics as on the API) on a port of their
 * own, for `ROLE=worker` processes, which have no HTTP server and count the pipeline's AI calls.
 */
export async function startMetricsListener(deps: {
  port: number;
  host: string;
  database: Database;
  token: string | undefined;
}): Promise<MetricsListener> {
  const metrics = createMetrics(deps.database);
  const server = createServer((req, res) => void answer(req, res, metrics, deps.token));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, deps.host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, metrics: Metrics, token: string | undefined) {
  const path = (req.url ?? '').split('?', 1)[0];
  const access = metricsAccess(token, { headers: req.headers, remoteAddress: req.socket.remoteAddress });
  if (req.method !== 'GET' || (path !== '/metrics' && path !== '/api/metrics') || access === 'hidden') {
    return send(
      res,
      404,
      'application/json',
      JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Resource not found', status: 404 }),
    );
  }
  if (access === 'unauthorized') {
    res.setHeader('www-authenticate', 'Bearer');
    return send(
      res,
      401,
      'application/json',
      JSON.stringify({ success: false, code: 'UNAUTHORIZED', message: 'Authentication required', status: 401 }),
    );
  }
  try {
    send(res, 200, metrics.contentType, await metrics.text());
  } catch {
    send(
      res,
      503,
      'application/json',
      JSON.stringify({ success: false, code: 'SERVER_ERROR', message: 'Metrics unavailable', status: 503 }),
    );
  }
}

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
}

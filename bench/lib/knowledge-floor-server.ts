/**
 * The floor of GET /api/data over HTTP (bench/knowledge.ts): a bare `node:http` server in its own
 * process answering `?page&search` with the service the route calls (`listKnowledge`), as JSON, for
 * one user. No framework, session, validation or security headers: what is left is what any HTTP
 * answer costs on this machine, so the API's figures can be read against it.
 *
 * Environment: USER_ID, PORT, and DATABASE_URL (PostgreSQL) or PGLITE_DIR. Prints "ready" once listening.
 */
import http from 'node:http';
import { KNOWLEDGE_PAGE_SIZE } from '@app/shared/constants';
import { openDatabase } from '../../apps/server/src/db/client';
import { listKnowledge } from '../../apps/server/src/modules/knowledge/knowledge.service';

const { USER_ID: userId, PORT: port, DATABASE_URL: url, PGLITE_DIR: pgliteDir } = process.env;
if (!userId || !port || !(url || pgliteDir)) throw new Error('USER_ID, PORT and DATABASE_URL or PGLITE_DIR are needed');

// The server's own pool size (openDatabase's default).
const database = await openDatabase({ url, pgliteDir });

const server = http.createServer((req, res) => {
  const query = new URL(req.url ?? '/', 'http://floor').searchParams;
  const page = Number(query.get('page') ?? 1);
  listKnowledge({ database }, userId, { page, limit: KNOWLEDGE_PAGE_SIZE, search: query.get('search') ?? '' }).then(
    (list) => {
      const body = JSON.stringify(list);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    (error: unknown) => {
      res.writeHead(500).end(String(error));
    },
  );
});

server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../src/db/client';
import { adminUrl, databaseUrlFor } from './db-urls';

/**
 * Migrates one template database per run: on PostgreSQL (DATABASE_URL set) a template database
 * that each test file clones; on PGlite a data directory that each test file copies.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `app_test_template_${process.pid}`;
    const admin = await openDatabase({ url: adminUrl(url), poolSize: 1 });
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const db = await openDatabase({ url: databaseUrlFor(url, template), poolSize: 1 });
    await migrate(db);
    await db.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.close();
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'app-pglite-template-'));
  const db = await openDatabase({ pgliteDir: dir });
  await migrate(db);
  await db.close();
  project.provide('pgliteTemplate', dir);
  return () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}

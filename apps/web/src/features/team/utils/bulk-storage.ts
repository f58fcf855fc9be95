import { CONNECTION_METHODS } from '@app/shared/invitations';
import type { BulkRow } from './csv-validation';

/**
 * Spec 02 §4: the validated rows wait in session storage until the upload succeeds. After each
 * accepted batch only the rows still to send are kept, so a retry (or a reload) goes on from there.
 */
export const BULK_STORAGE_KEY = 'bulkInvitations';

export type StoredBulk = { fileName: string; total: number; rows: BulkRow[] };

const methods = new Set<string>(CONNECTION_METHODS);

function isBulkRow(value: unknown): value is BulkRow {
  const row = value as Partial<BulkRow> | null;
  return (
    typeof row?.email === 'string' &&
    typeof row.firstName === 'string' &&
    typeof row.lastName === 'string' &&
    typeof row.connectionMethod === 'string' &&
    methods.has(row.connectionMethod) &&
    typeof row.metadata?.hasAiConfig === 'boolean'
  );
}

export function loadBulk(): StoredBulk | null {
  try {
    const raw = sessionStorage.getItem(BULK_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredBulk>;
    if (typeof value.fileName !== 'string' || typeof value.total !== 'number' || !Array.isArray(value.rows)) return null;
    if (!value.rows.length || !value.rows.every(isBulkRow)) return null;
    return { fileName: value.fileName, total: value.total, rows: value.rows };
  } catch {
    return null;
  }
}

/** false when the browser refused (storage full or disabled): the upload still works from memory. */
export function saveBulk(value: StoredBulk): boolean {
  try {
    sessionStorage.setItem(BULK_STORAGE_KEY, JSON.stringify(value));
    return true;
  } catch {
    clearBulk();
    return false;
  }
}

export function clearBulk() {
  try {
    sessionStorage.removeItem(BULK_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

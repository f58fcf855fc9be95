import { CONNECTION_METHODS, type ConnectionMethod, invitationInputSchema } from '@app/shared/invitations';

/**
 * The CSV bulk invite's rules (spec 02 §5), as pure functions with no DOM, i18n or React: the same
 * code validates in the page, in a worker and in the benchmark. Problems come back as codes; the
 * screen turns them into text.
 */

export const CSV_REQUIRED_HEADERS = ['firstName', 'lastName', 'email', 'enableSetting', 'connectionMethod'] as const;
export type CsvHeader = (typeof CSV_REQUIRED_HEADERS)[number];

/** DESIGN §10: `.csv` whose type is text/csv, or what Windows reports for it. */
export const CSV_ACCEPTED_TYPES = ['text/csv', 'application/vnd.ms-excel'] as const;
/** Checked before the file is read (DESIGN §7); 100,000 typical rows take about 8 MB. */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;

export type BulkRow = {
  email: string;
  firstName: string;
  lastName: string;
  connectionMethod: ConnectionMethod;
  metadata: { hasAiConfig: boolean };
};

export type RowProblem = 'invalidEmail' | 'duplicateEmail' | 'invalidConnectionMethod' | 'invalidEnableSetting' | 'nameTooLong';

/** `row` counts data rows from 1 (the header line is not counted). */
export type RowIssue = { row: number; field: CsvHeader; problem: RowProblem; value: string };

export type CsvValidation = {
  /** The file could not be used at all: wrong type, too big, missing columns, unreadable. */
  fileProblem: 'fileType' | 'fileTooLarge' | 'missingHeaders' | 'parse' | null;
  missingHeaders: CsvHeader[];
  issues: RowIssue[];
  /** The rows that passed, ready for POST /api/invitations/bulk. */
  rows: BulkRow[];
  rowCount: number;
};

const NAME_MAX = 100;
const emailSchema = invitationInputSchema.shape.email;
const methods = new Set<string>(CONNECTION_METHODS);
const enableValues: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false };

export function isAcceptedCsvFile(file: { name: string; type: string }): boolean {
  return (CSV_ACCEPTED_TYPES as readonly string[]).includes(file.type) && /\.csv$/i.test(file.name);
}

/** true/false, 1/0, yes/no (any case) → hasAiConfig; anything else (blank included) → null. */
export function parseEnableSetting(value: string): boolean | null {
  return enableValues[value.trim().toLowerCase()] ?? null;
}

/** Header names are matched after trimming (and a byte-order mark), in any case; the result maps each required one to the file's. */
export function matchHeaders(fields: readonly string[]): { missing: CsvHeader[]; keys: Record<CsvHeader, string> } {
  const byLower = new Map(
    fields.map((field) => [
      field
        .replace(/^\uFEFF/, '')
        .trim()
        .toLowerCase(),
      field,
    ]),
  );
  const keys = {} as Record<CsvHeader, string>;
  const missing: CsvHeader[] = [];
  for (const header of CSV_REQUIRED_HEADERS) {
    const found = byLower.get(header.toLowerCase());
    if (found === undefined) missing.push(header);
    else keys[header] = found;
  }
  return { missing, keys };
}

/** papaparse gives strings (or undefined for a short row). */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Validates rows as they stream in (papaparse's chunks). Every row is checked against every rule;
 * a row with any problem is left out of `rows`. E-mails are compared case-insensitively, the first
 * occurrence wins and the later ones are duplicates.
 */
export function createCsvValidator(keys: Record<CsvHeader, string>) {
  const seen = new Set<string>();
  const rows: BulkRow[] = [];
  const issues: RowIssue[] = [];
  let rowCount = 0;

  function add(record: Record<string, unknown>) {
    const row = ++rowCount;
    const before = issues.length;
    const problem = (field: CsvHeader, kind: RowProblem, value: string) => issues.push({ row, field, problem: kind, value });

    const rawEmail = text(record[keys.email]);
    const parsed = emailSchema.safeParse(rawEmail);
    let email = '';
    if (!parsed.success) problem('email', 'invalidEmail', rawEmail);
    else if (seen.has(parsed.data)) problem('email', 'duplicateEmail', rawEmail);
    else {
      email = parsed.data;
      seen.add(email);
    }

    const firstName = text(record[keys.firstName]).trim();
    const lastName = text(record[keys.lastName]).trim();
    if (firstName.length > NAME_MAX) problem('firstName', 'nameTooLong', firstName);
    if (lastName.length > NAME_MAX) problem('lastName', 'nameTooLong', lastName);

    const rawMethod = text(record[keys.connectionMethod]);
    const method = rawMethod.trim().toLowerCase();
    if (!methods.has(method)) problem('connectionMethod', 'invalidConnectionMethod', rawMethod);

    const rawEnable = text(record[keys.enableSetting]);
    const hasAiConfig = parseEnableSetting(rawEnable);
    if (hasAiConfig === null) problem('enableSetting', 'invalidEnableSetting', rawEnable);

    if (issues.length === before) {
      rows.push({
        email,
        firstName,
        lastName,
        connectionMethod: method as ConnectionMethod,
        metadata: { hasAiConfig: hasAiConfig! },
      });
    }
  }

  return {
    add,
    get rowCount() {
      return rowCount;
    },
    get issueCount() {
      return issues.length;
    },
    result(): CsvValidation {
      return { fileProblem: null, missingHeaders: [], issues, rows, rowCount };
    },
  };
}

export function fileProblemResult(fileProblem: NonNullable<CsvValidation['fileProblem']>, missingHeaders: CsvHeader[] = []) {
  return { fileProblem, missingHeaders, issues: [], rows: [], rowCount: 0 } satisfies CsvValidation;
}

/** Validates a whole parsed file at once: its header names and its records. */
export function validateCsv(fields: readonly string[], records: readonly Record<string, unknown>[]): CsvValidation {
  const { missing, keys } = matchHeaders(fields);
  if (missing.length) return fileProblemResult('missingHeaders', missing);
  const validator = createCsvValidator(keys);
  for (const record of records) validator.add(record);
  return validator.result();
}

/** Whether the validated data can be uploaded: a usable file, no problem in any row, at least one row. */
export function canUpload(validation: CsvValidation | null): boolean {
  return !!validation && validation.fileProblem === null && validation.issues.length === 0 && validation.rows.length > 0;
}

/** The example file of the formatting guide. */
export const EXAMPLE_CSV = [
  CSV_REQUIRED_HEADERS.join(','),
  'Jane,Doe,jane.doe@example.com,true,email/password',
  'John,Smith,john.smith@example.com,false,google',
  'Ana,Lopez,ana.lopez@example.com,yes,microsoft',
].join('\r\n');

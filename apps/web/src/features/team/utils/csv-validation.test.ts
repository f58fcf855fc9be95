import { describe, expect, it } from 'vitest';
import { parseCsvFile } from './csv-parse';
import {
  canUpload,
  CSV_MAX_BYTES,
  EXAMPLE_CSV,
  isAcceptedCsvFile,
  matchHeaders,
  parseEnableSetting,
  validateCsv,
} from './csv-validation';

const HEADERS = ['firstName', 'lastName', 'email', 'enableSetting', 'connectionMethod'];

const record = (patch: Record<string, string> = {}) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  enableSetting: 'true',
  connectionMethod: 'email/password',
  ...patch,
});

const csvFile = (text: string, name = 'team.csv', type = 'text/csv') => new File([text], name, { type });

describe('isAcceptedCsvFile', () => {
  it.each([
    ['team.csv', 'text/csv', true],
    ['TEAM.CSV', 'text/csv', true],
    ['team.csv', 'application/vnd.ms-excel', true],
    ['team.txt', 'text/csv', false],
    ['team.csv', 'text/plain', false],
    ['team.csv', '', false],
    ['team.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
  ])('%s as %s → %s', (name, type, accepted) => {
    expect(isAcceptedCsvFile({ name, type })).toBe(accepted);
  });
});

describe('parseEnableSetting', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    [' yes ', true],
    ['1', true],
    ['false', false],
    ['No', false],
    ['0', false],
    ['', null],
    ['maybe', null],
    ['2', null],
  ])('%j → %j', (value, expected) => {
    expect(parseEnableSetting(value)).toBe(expected);
  });
});

describe('validateCsv', () => {
  it('maps valid rows to invitations: trimmed, e-mail lowercased, enableSetting → metadata.hasAiConfig', () => {
    const result = validateCsv(HEADERS, [
      record({ firstName: ' Jane ', email: ' Jane@Example.COM ', enableSetting: 'yes' }),
      record({ email: 'john@example.com', enableSetting: '0', connectionMethod: 'Google' }),
    ]);
    expect(result.issues).toEqual([]);
    expect(result.rows).toEqual([
      {
        email: 'jane@example.com',
        firstName: 'Jane',
        lastName: 'Doe',
        connectionMethod: 'email/password',
        metadata: { hasAiConfig: true },
      },
      {
        email: 'john@example.com',
        firstName: 'Jane',
        lastName: 'Doe',
        connectionMethod: 'google',
        metadata: { hasAiConfig: false },
      },
    ]);
    expect(canUpload(result)).toBe(true);
  });

  it('names every missing required header (in any case, the rest of the file unread)', () => {
    const result = validateCsv(['First Name', 'LASTNAME', 'e-mail', 'connectionMethod'], [record()]);
    expect(result.fileProblem).toBe('missingHeaders');
    expect(result.missingHeaders).toEqual(['firstName', 'email', 'enableSetting']);
    expect(result.rows).toEqual([]);
    expect(canUpload(result)).toBe(false);
  });

  it('matches headers with spaces, another case and a byte-order mark', () => {
    expect(matchHeaders(['\uFEFFfirstname', ' LastName ', 'EMAIL', 'enablesetting', 'ConnectionMethod']).missing).toEqual([]);
  });

  it('reports a missing or malformed e-mail', () => {
    const result = validateCsv(HEADERS, [record({ email: '' }), record({ email: 'not-an-address' }), record({ email: 'a@b' })]);
    expect(result.issues).toEqual([
      { row: 1, field: 'email', problem: 'invalidEmail', value: '' },
      { row: 2, field: 'email', problem: 'invalidEmail', value: 'not-an-address' },
      { row: 3, field: 'email', problem: 'invalidEmail', value: 'a@b' },
    ]);
    expect(result.rows).toEqual([]);
  });

  it('reports duplicates case-insensitively; the first occurrence stays valid', () => {
    const result = validateCsv(HEADERS, [
      record({ email: 'Sam@Example.com' }),
      record({ email: 'other@example.com' }),
      record({ email: 'sam@example.COM' }),
      record({ email: ' SAM@EXAMPLE.COM' }),
    ]);
    expect(result.issues.map((i) => [i.row, i.problem])).toEqual([
      [3, 'duplicateEmail'],
      [4, 'duplicateEmail'],
    ]);
    expect(result.rows.map((r) => r.email)).toEqual(['sam@example.com', 'other@example.com']);
  });

  it('reports a missing or unknown connection method', () => {
    const result = validateCsv(HEADERS, [
      record({ email: 'a@example.com', connectionMethod: '' }),
      record({ email: 'b@example.com', connectionMethod: 'facebook' }),
      record({ email: 'c@example.com', connectionMethod: 'MICROSOFT' }),
    ]);
    expect(result.issues).toEqual([
      { row: 1, field: 'connectionMethod', problem: 'invalidConnectionMethod', value: '' },
      { row: 2, field: 'connectionMethod', problem: 'invalidConnectionMethod', value: 'facebook' },
    ]);
    expect(result.rows.map((r) => r.connectionMethod)).toEqual(['microsoft']);
  });

  it('reports an enableSetting other than true/false, 1/0, yes/no', () => {
    const result = validateCsv(HEADERS, [
      record({ enableSetting: 'maybe' }),
      record({ email: 'b@example.com', enableSetting: '' }),
    ]);
    expect(result.issues.map((i) => [i.row, i.field, i.problem])).toEqual([
      [1, 'enableSetting', 'invalidEnableSetting'],
      [2, 'enableSetting', 'invalidEnableSetting'],
    ]);
  });

  it('reports names the server would refuse (over 100 characters)', () => {
    const result = validateCsv(HEADERS, [record({ firstName: 'x'.repeat(101), lastName: 'y'.repeat(100) })]);
    expect(result.issues.map((i) => [i.field, i.problem])).toEqual([['firstName', 'nameTooLong']]);
  });

  it('reports every problem of a row, and counts them all', () => {
    const result = validateCsv(HEADERS, [
      record({ email: 'bad', connectionMethod: 'fax', enableSetting: 'x' }),
      record({ email: 'ok@example.com' }),
    ]);
    expect(result.issues).toHaveLength(3);
    expect(result.rowCount).toBe(2);
    expect(result.rows).toHaveLength(1);
    expect(canUpload(result)).toBe(false);
  });

  it('has nothing to upload when the file has a header line only', () => {
    const result = validateCsv(HEADERS, []);
    expect(result.fileProblem).toBeNull();
    expect(result.issues).toEqual([]);
    expect(canUpload(result)).toBe(false);
  });
});

describe('parseCsvFile', () => {
  it('parses and validates the example file', async () => {
    const result = await parseCsvFile(csvFile(EXAMPLE_CSV));
    expect(result.fileProblem).toBeNull();
    expect(result.issues).toEqual([]);
    expect(result.rows.map((r) => [r.email, r.connectionMethod, r.metadata.hasAiConfig])).toEqual([
      ['jane.doe@example.com', 'email/password', true],
      ['john.smith@example.com', 'google', false],
      ['ana.lopez@example.com', 'microsoft', true],
    ]);
  });

  it('refuses another type before reading the file', async () => {
    expect((await parseCsvFile(csvFile(EXAMPLE_CSV, 'team.txt', 'text/plain'))).fileProblem).toBe('fileType');
    expect((await parseCsvFile(csvFile(EXAMPLE_CSV, 'team.csv', 'application/json'))).fileProblem).toBe('fileType');
  });

  it('accepts what Windows reports for a .csv', async () => {
    expect((await parseCsvFile(csvFile(EXAMPLE_CSV, 'team.csv', 'application/vnd.ms-excel'))).rows).toHaveLength(3);
  });

  it('refuses a file over the size limit without reading it', async () => {
    const big = { name: 'big.csv', type: 'text/csv', size: CSV_MAX_BYTES + 1 } as File;
    expect((await parseCsvFile(big)).fileProblem).toBe('fileTooLarge');
  });

  it('reports missing columns', async () => {
    const result = await parseCsvFile(csvFile('firstName,lastName,email\nJane,Doe,jane@example.com\n'));
    expect(result.fileProblem).toBe('missingHeaders');
    expect(result.missingHeaders).toEqual(['enableSetting', 'connectionMethod']);
  });

  it('reports an unreadable file (unbalanced quotes)', async () => {
    const text = `${HEADERS.join(',')}\n"Jane,Doe,jane@example.com,true,google\nJohn,Smith,john@example.com,true,google\n`;
    expect((await parseCsvFile(csvFile(text))).fileProblem).toBe('parse');
  });

  it('skips blank lines, keeps quoted commas, numbers rows from 1 and reports progress', async () => {
    const text = [
      HEADERS.join(','),
      '"Doe, Jr",Jane,jane@example.com,true,google',
      '',
      'John,Smith,not-an-email,true,google',
      '   ',
    ].join('\r\n');
    const progress: number[] = [];
    const result = await parseCsvFile(csvFile(text), (p) => progress.push(p.fraction));
    expect(result.rows.map((r) => r.firstName)).toEqual(['Doe, Jr']);
    expect(result.issues).toEqual([{ row: 2, field: 'email', problem: 'invalidEmail', value: 'not-an-email' }]);
    expect(progress.at(-1)).toBe(1);
  });

  it('streams a large file in chunks and keeps every row', async () => {
    const lines = [HEADERS.join(',')];
    for (let i = 0; i < 20_000; i++) lines.push(`First${i},Last${i},user${i}@example.com,${i % 2 ? 'yes' : 'no'},google`);
    lines.push('Dup,Row,USER7@example.com,true,google');
    const progress: number[] = [];
    const result = await parseCsvFile(csvFile(lines.join('\n')), (p) => progress.push(p.rows));
    expect(result.rowCount).toBe(20_001);
    expect(result.rows).toHaveLength(20_000);
    expect(result.issues).toEqual([{ row: 20_001, field: 'email', problem: 'duplicateEmail', value: 'USER7@example.com' }]);
    expect(progress.length).toBeGreaterThan(1);
  });
});

import Papa from 'papaparse';
import {
  createCsvValidator,
  CSV_MAX_BYTES,
  fileProblemResult,
  isAcceptedCsvFile,
  matchHeaders,
  type CsvValidation,
} from './csv-validation';

export type CsvProgress = { rows: number; fraction: number };

/** Small enough that the page gets the event loop back between chunks (and shows progress). */
const CHUNK_BYTES = 512 * 1024;

/**
 * Reads a CSV file in chunks with papaparse and validates each chunk as it arrives, so that memory
 * holds the valid rows only and progress can be shown. Runs in a worker or, failing that, in the page.
 */
export function parseCsvFile(file: File, onProgress: (progress: CsvProgress) => void = () => {}): Promise<CsvValidation> {
  if (!isAcceptedCsvFile(file)) return Promise.resolve(fileProblemResult('fileType'));
  if (file.size > CSV_MAX_BYTES) return Promise.resolve(fileProblemResult('fileTooLarge'));

  return new Promise((resolve) => {
    let validator: ReturnType<typeof createCsvValidator> | null = null;
    let outcome: CsvValidation | null = null;

    Papa.parse<Record<string, unknown>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      chunkSize: CHUNK_BYTES,
      chunk(results, parser) {
        if (!validator) {
          const { missing, keys } = matchHeaders(results.meta.fields ?? []);
          if (missing.length) {
            outcome = fileProblemResult('missingHeaders', missing);
            parser.abort();
            return;
          }
          validator = createCsvValidator(keys);
        }
        // Unbalanced quotes swallow the rest of the file: the file is unreadable, not its rows wrong.
        if (results.errors.some((error) => error.type === 'Quotes')) {
          outcome = fileProblemResult('parse');
          parser.abort();
          return;
        }
        for (const record of results.data) validator.add(record);
        onProgress({ rows: validator.rowCount, fraction: file.size ? Math.min(1, results.meta.cursor / file.size) : 1 });
      },
      complete() {
        if (outcome) return resolve(outcome);
        // A file with a header line only never reaches `chunk` with fields in some cases.
        resolve(validator ? validator.result() : fileProblemResult('missingHeaders', matchHeaders([]).missing));
      },
      error() {
        resolve(fileProblemResult('parse'));
      },
    });
  });
}

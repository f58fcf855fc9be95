import type { CsvValidation } from './csv-validation';
import { parseCsvFile } from './csv-parse';

/** The messages from this worker to the bulk invite screen. */
export type CsvWorkerMessage = { type: 'progress'; rows: number; fraction: number } | { type: 'done'; result: CsvValidation };

// The app compiles against the DOM library; these are the two members of the worker scope used here.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<File>) => void) | null;
  postMessage(message: CsvWorkerMessage): void;
};

// Parsing and validation run here, so a 100,000-row file never blocks the page.
scope.onmessage = (event) => {
  void parseCsvFile(event.data, (progress) => scope.postMessage({ type: 'progress', ...progress })).then((result) =>
    scope.postMessage({ type: 'done', result }),
  );
};

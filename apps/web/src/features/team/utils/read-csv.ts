import type { CsvWorkerMessage } from './csv.worker';
import { parseCsvFile, type CsvProgress } from './csv-parse';
import type { CsvValidation } from './csv-validation';

export type CsvRead = { result: Promise<CsvValidation>; cancel: () => void };

/**
 * Parses and validates the file in a worker (bundled by Vite, served from our origin, so the CSP's
 * script-src 'self' allows it); where workers are missing or fail to start, in the page, chunk by chunk.
 */
export function readCsv(file: File, onProgress: (progress: CsvProgress) => void): CsvRead {
  let cancelled = false;
  const guarded = (progress: CsvProgress) => !cancelled && onProgress(progress);
  const inPage = () => parseCsvFile(file, guarded);

  if (typeof Worker === 'undefined') return { result: inPage(), cancel: () => (cancelled = true) };

  let worker: Worker | null = null;
  const result = new Promise<CsvValidation>((resolve) => {
    try {
      worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(inPage());
      return;
    }
    worker.onmessage = (event: MessageEvent<CsvWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') guarded(message);
      else {
        worker?.terminate();
        resolve(message.result);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker?.terminate();
      resolve(inPage());
    };
    worker.postMessage(file);
  });
  return {
    result,
    cancel: () => {
      cancelled = true;
      worker?.terminate();
    },
  };
}

/**
 * Long computations of the local engine written as generators that `yield` wherever they may pause.
 * The engine runs in the worker's event loop, next to IMAP connections and lease renewals: a
 * training over a large mailbox run at once holds the loop for seconds, run in slices it holds it
 * for one slice at most. Both runners execute the same steps in the same order, so the result is the
 * same either way.
 */
export type Steps<T> = Generator<void, T, void>;

/** How long a slice may hold the event loop. */
export const SLICE_MS = 10;

/** Runs every step now (the synchronous `trainLinear` and `serialiseLinear`). */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the steps in slices of `sliceMs`, letting pending I/O and timers run between them. */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let sliceEnd = performance.now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() >= sliceEnd) {
      // setImmediate, not a resolved promise: the I/O phase of the loop runs before the next slice.
      await new Promise((resolve) => setImmediate(resolve));
      sliceEnd = performance.now() + sliceMs;
    }
  }
}

/** Elements sorted or merged between two pauses of `sortInSlices`. */
const SORT_CHUNK = 4096;

/**
 * `items` sorted by `compare` (a bottom-up merge sort) as steps: a sort of hundreds of thousands
 * of features is too long for one slice. For a total order the result is that of `Array.sort`.
 */
export function* sortInSlices<T>(items: T[], compare: (a: T, b: T) => number): Steps<T[]> {
  let from: T[] = [];
  for (let start = 0; start < items.length; start += SORT_CHUNK) {
    from.push(...items.slice(start, start + SORT_CHUNK).sort(compare));
    yield;
  }
  let to: T[] = new Array<T>(items.length);
  for (let width = SORT_CHUNK; width < items.length; width *= 2) {
    let moved = 0;
    for (let left = 0; left < items.length; left += 2 * width) {
      const middle = Math.min(left + width, items.length);
      const end = Math.min(left + 2 * width, items.length);
      let i = left;
      let j = middle;
      for (let k = left; k < end; k++) {
        to[k] = j >= end || (i < middle && compare(from[i]!, from[j]!) <= 0) ? from[i++]! : from[j++]!;
        if (++moved % SORT_CHUNK === 0) yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

/** The longest wait between two scans of a worker (each wait is drawn between half and all of it). */
export const DEFAULT_SCAN_MS = 3000;

/** A worker not seen for this many of its longest scan waits no longer counts among the running ones. */
export const liveWindowMs = (scanMs = DEFAULT_SCAN_MS) => 5 * scanMs;

/**
 * How many mailboxes one of `workers` running workers should hold: an even part, rounded up so that
 * together they hold them all, and never more than the cap.
 */
export function fairShare(mailboxes: number, workers: number, cap = Infinity): number {
  return Math.min(cap, Math.ceil(mailboxes / Math.max(1, workers)));
}

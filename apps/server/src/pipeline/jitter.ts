/**
 * A random share (between `lowest` and all) of `ms`, drawn anew at each call. Mailbox loops started by
 * one scan would otherwise wake, renew their leases and query the database in lockstep: 200 of them
 * at once every 20 s, which showed as bursts of slow requests in the load test.
 */
export function jitter(ms: number, lowest = 0.5): number {
  return ms * (lowest + Math.random() * (1 - lowest));
}

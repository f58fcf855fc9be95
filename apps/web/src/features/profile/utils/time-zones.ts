/**
 * The time zones this browser knows (IANA names), UTC first, with `current` kept in the list even if
 * the browser does not know it (a value captured in another browser).
 */
export function timeZoneOptions(current: string | null): string[] {
  let known: string[];
  try {
    known = Intl.supportedValuesOf('timeZone');
  } catch {
    known = [];
  }
  const rest = known.filter((zone) => zone !== 'UTC');
  if (current && current !== 'UTC' && !rest.includes(current)) rest.push(current);
  return ['UTC', ...rest.sort()];
}

import { z } from 'zod';

/** Where the connect form's choices wait while the user signs in at Google or Microsoft. */
export const OAUTH_CONFIG_KEY = 'mailConnectConfig';

const storedConfigSchema = z.object({
  provider: z.enum(['gmail', 'outlook']),
  responseType: z.number().int().min(0).max(3),
  isSyncEnabled: z.boolean(),
  isClassificationEnabled: z.boolean(),
  fetchRangeDates: z.object({ start: z.string(), end: z.string() }).nullable(),
});
export type StoredConnectConfig = z.infer<typeof storedConfigSchema>;

export function storeConnectConfig(config: StoredConnectConfig) {
  sessionStorage.setItem(OAUTH_CONFIG_KEY, JSON.stringify(config));
}

/** The stored choices, or null when missing or unreadable. */
export function readConnectConfig(): StoredConnectConfig | null {
  try {
    const parsed = storedConfigSchema.safeParse(JSON.parse(sessionStorage.getItem(OAUTH_CONFIG_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearConnectConfig() {
  sessionStorage.removeItem(OAUTH_CONFIG_KEY);
}

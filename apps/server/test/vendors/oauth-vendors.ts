import type { GoogleServer } from './google-server';
import type { MicrosoftServer } from './microsoft-server';

/** The OAuth client the app is configured with in tests; both vendor-shaped servers accept it. */
export const TEST_OAUTH_CLIENT = { clientId: 'client-123', clientSecret: 'secret-456' };

/** The app's environment for Google and Microsoft, every endpoint on the vendor-shaped servers. */
export function oauthVendorEnv(google: GoogleServer, microsoft: MicrosoftServer) {
  return {
    GOOGLE_CLIENT_ID: TEST_OAUTH_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: TEST_OAUTH_CLIENT.clientSecret,
    MICROSOFT_CLIENT_ID: TEST_OAUTH_CLIENT.clientId,
    MICROSOFT_CLIENT_SECRET: TEST_OAUTH_CLIENT.clientSecret,
    GOOGLE_ENDPOINT_BASE: google.baseUrl,
    MICROSOFT_ENDPOINT_BASE: microsoft.baseUrl,
  };
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's directory, for the files read at run time. This module sits one level below
 * it both as source (`src/paths.ts`) and bundled into `dist/main.mjs`, so one relative path serves both.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));

export const paths = {
  packageJson: path.join(serverRoot, 'package.json'),
  migrations: path.join(serverRoot, 'src/db/migrations'),
  help: path.join(serverRoot, 'src/modules/assistant/help'),
  webDist: path.join(serverRoot, '../web/dist'),
};

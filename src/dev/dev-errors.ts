import path from 'node:path';
import { SitegenError } from '../errors.ts';

/**
 * Errors of `serve` and `dev`, in the style of the catalogue in src/errors.ts
 * (kept here so this folder owns them; they can move into the catalogue as they are).
 */
export const devErrors = {
  portInUse: (port: number, host: string) =>
    new SitegenError('PortInUse', `Port ${port} on ${host} is already in use. Stop the other server or pass another one with --port.`),
  rootMissing: (root: string, cause: unknown) =>
    new SitegenError(
      'ServeRootMissing',
      `There is no folder to serve at ${path.resolve(root)}. Run \`sitegen build\` first, or pass the built folder: \`sitegen serve <dir>\`.`,
      { cause },
    ),
};

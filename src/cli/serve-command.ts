import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExitCode, Io } from './io.js';

const serverName = 'swaglint-server';

/**
 * Whether `import('swaglint-server')` would find the package from here: a `node_modules/swaglint-server`
 * in this module's folder or one above it, as Node resolves a bare name (a global install beside
 * swaglint's is one). `swaglint --help` lists `serve` only then.
 */
export function serverInstalled(): boolean {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules', serverName, 'package.json'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/** The part of swaglint-server that `swaglint serve` calls. */
interface ServerPackage {
  serveCommand(argv: string[], io: Io): Promise<ExitCode>;
}

/**
 * `swaglint serve`: runs the lint service from the swaglint-server package, a separate install so
 * that the linter's own stays small (the embedded database alone is some 26 MB).
 */
export async function serveCommand(argv: string[], io: Io): Promise<ExitCode> {
  // a name in a variable: the CLI bundler must not try to include the package
  const name = serverName;
  let server: ServerPackage;
  try {
    server = (await import(name)) as ServerPackage;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_MODULE_NOT_FOUND') throw error;
    // not installed; or, in a clone of swaglint's repository, the workspace package not built yet
    const unbuilt = !String((error as Error).message).includes(`'${name}'`);
    io.stderr.write(
      unbuilt
        ? `swaglint: the lint service (packages/server) is not built; run npm run build, then swaglint serve again.\n`
        : `swaglint: the lint service is a separate package, swaglint-server: in a clone of swaglint, npm pack --workspace packages/server, then install the tarball beside swaglint (npm install -g ./swaglint-server-<version>.tgz) and run swaglint serve again.\n`,
    );
    return 2;
  }
  return server.serveCommand(argv, io);
}

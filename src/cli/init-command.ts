import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ExitCode, Io } from './io.js';
import { UserError } from '../errors.js';
import { configNames, writeStarterConfig } from '../pipeline/library.js';
import { relative } from '../format/relative.js';

/** `swaglint init`: a starter config in the working directory, unless one is already there. */
export async function initCommand(io: Io): Promise<ExitCode> {
  const cwd = io.cwd();
  const existing = configNames.find((name) => existsSync(path.join(cwd, name)));
  if (existing) throw new UserError(`${existing} already exists here; swaglint init never overwrites a configuration.`);
  const file = await writeStarterConfig(cwd);
  io.stdout.write(`Wrote ${relative(cwd, file)}; edit it, then run swaglint lint.\n`);
  return 0;
}

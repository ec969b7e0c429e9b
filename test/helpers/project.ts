import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempProject } from './cli.js';

/** A fresh project directory holding these files (paths relative to it, parents made as needed). */
export function projectWith(files: Record<string, string>): string {
  const dir = tempProject('swaglint-config-');
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return dir;
}

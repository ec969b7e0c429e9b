import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempProject } from './cli.js';

/** The top of a document that passes every recommended rule above `paths`. */
export const cleanHead = "swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\nschemes: [https]\nsecurity: []\n";

/** Writes `name` (relative to `dir`, parents made as needed) and returns the name, for a command line. */
export function writeProjectFile(dir: string, name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return name;
}

/** A fresh project directory holding these files (paths relative to it, parents made as needed). */
export function projectWith(files: Record<string, string>): string {
  const dir = tempProject('swaglint-config-');
  for (const [name, text] of Object.entries(files)) writeProjectFile(dir, name, text);
  return dir;
}

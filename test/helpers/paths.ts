import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root (tests run compiled, from dist/test). */
export const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const corpusDir = process.env['SWAGLINT_CORPUS'] ?? path.resolve(projectDir, '..', 'shared', 'corpus');
export const binPath = path.join(projectDir, 'bin', 'swaglint.js');

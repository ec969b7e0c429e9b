import path from 'node:path';
import type { LintOptions } from '../lint/lint.js';
import { resolveConfig } from '../config/discover.js';

/**
 * The settings for one document. A resolver may throw a UserError for a bad config; the server
 * shows it on the document.
 */
export type OptionsFor = (file: string) => Promise<LintOptions>;

const cwdFor = (file: string) => (path.isAbsolute(file) ? path.dirname(file) : process.cwd());

/** The `recommended` preset, `$ref`s resolved relative to the document's directory. */
export const defaultsOnly: OptionsFor = async (file) => ({ cwd: cwdFor(file) });

/**
 * The configuration found by walking up from the document, as the CLI finds it, read afresh for
 * each lint so that an edited config applies on the next keystroke (a few small files; plugins,
 * being modules, are imported once). An unsaved buffer with no path gets the defaults.
 */
export const discovered: OptionsFor = async (file) => {
  if (!path.isAbsolute(file)) return defaultsOnly(file);
  return { cwd: cwdFor(file), config: await resolveConfig(file) };
};

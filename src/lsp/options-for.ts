import path from 'node:path';
import type { LintOptions } from '../pipeline/lint.js';
import { resolveConfig } from '../pipeline/library.js';

/** What the server knows when it asks for a document's settings. */
export interface OptionsContext {
  /**
   * Whether the client said the workspace is trusted (initialization option `trustedWorkspace`).
   * Off by default: a folder just cloned must not run its own code (a `swaglint.config.js`, a
   * config's `plugins`) because a Swagger file in it was opened.
   */
  trusted: boolean;
}

/**
 * The settings for one document. A resolver may throw a UserError for a bad config; the server
 * shows it on the document. In an untrusted workspace a config that would run code throws
 * CodeNotAllowed; the server then lints with the defaults and says so.
 */
export type OptionsFor = (file: string, context: OptionsContext) => Promise<LintOptions>;

/** The server's working directory, read once at its start: what configuration messages name files relative to. */
const serverCwd = process.cwd();

const cwdFor = (file: string) => (path.isAbsolute(file) ? path.dirname(file) : serverCwd);

/** The `recommended` preset, `$ref`s resolved relative to the document's directory. */
export const defaultsOnly: OptionsFor = async (file) => ({ cwd: cwdFor(file) });

/**
 * The configuration found by walking up from the document, as the CLI finds it, read afresh for
 * each lint so that an edited config applies on the next keystroke (a few small files; plugins,
 * being modules, are imported once). An unsaved buffer with no path gets the defaults.
 */
export const discovered: OptionsFor = async (file, { trusted }) => {
  if (!path.isAbsolute(file)) return defaultsOnly(file, { trusted });
  return { cwd: cwdFor(file), config: await resolveConfig(file, { allowCode: trusted, cwd: serverCwd }) };
};

import path from 'node:path';
import type { LintOptions } from '../lint/lint.js';

/**
 * The settings for one document. This is the seam for configuration discovery: when `src/config`
 * lands (found by walking up from the document, as the CLI does), the server is started with a
 * resolver built on it instead of `defaultsOnly`. A resolver may throw a UserError for a bad config;
 * the server shows it on the document.
 */
export type OptionsFor = (file: string) => Promise<LintOptions>;

/** The `recommended` preset, `$ref`s resolved relative to the document's directory. */
export const defaultsOnly: OptionsFor = async (file) => ({ cwd: path.isAbsolute(file) ? path.dirname(file) : process.cwd() });

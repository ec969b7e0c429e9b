import type { Diagnostic, RuleCategory } from '../types.js';

/** What a formatter gets for one linted file. */
export interface FileReport {
  /** Absolute path or URL of the linted document. */
  uri: string;
  diagnostics: Diagnostic[];
  /** The text of each file a diagnostic points into (for code frames, SARIF snippets). */
  texts?: ReadonlyMap<string, string>;
  /** Set when the file was not linted (not an API description). */
  skipped?: string;
}

export interface RuleInfo {
  id: string;
  description: string;
  /** Default severity in `recommended`, or `off`. */
  severity: string;
  /** `validity` or `convention`; absent for the engine's own findings (parse-error, internal-error). */
  category?: RuleCategory;
  /** The API formats it runs on, by id (`swagger2`, `openapi3`); absent for the engine's own findings. */
  formats?: readonly string[];
  docs?: string;
  /** Where its documentation page lives, relative to the repository. */
  docsPath: string;
}

export interface FormatContext {
  /** File paths are shown relative to this directory. */
  cwd: string;
  color: boolean;
  /** Metadata of every known rule, for formats that carry it (SARIF). */
  rules: readonly RuleInfo[];
  version: string;
  /** Web addresses of swaglint's home page and docs pages (SARIF informationUri, helpUri); none, no links. */
  links?: { homepage: string; file(relativePath: string): string };
  /** Stylish: list every description-markdown finding, not one line for many (`--markdown-details`). */
  markdownDetails?: boolean;
}

/** A pure function: reports in, text out. No printing, no globals. */
export type Formatter = (reports: readonly FileReport[], context: FormatContext) => string;

import { pathToFileURL } from 'node:url';
import { parseSource, type Source } from '../load/source.js';
import { lineTable } from '../load/line-table.js';
import { configError, shownPath } from './config-error.js';
import { readConfigText } from '../load/read-document.js';

/** A configuration file's content, with positions when it is data (YAML, JSON). */
export interface ConfigText {
  file: string;
  value: unknown;
  /** Absent for a code config (`.js`, `.mjs`), whose errors name the file alone. */
  source?: Source;
}

const codeExtensions = /\.(m?js|cjs)$/i;

export function isCodeConfig(file: string): boolean {
  return codeExtensions.test(file);
}

/** Reads and parses one configuration file; a file that does not parse is one clear error. */
export async function readConfigFile(file: string, cwd: string | undefined, text?: string): Promise<ConfigText> {
  if (isCodeConfig(file)) return importConfig(file, cwd);
  if (text === undefined) {
    try {
      text = await readConfigText(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw configError(file, code === 'ENOENT' ? 'no such configuration file.' : `cannot read the configuration file (${code ?? String(error)}).`, undefined, cwd);
    }
  }
  return parseConfigText(file, text, cwd);
}

/** YAML or JSON through the document parser, so a config error gets the same line:column a document's would. */
export function parseConfigText(file: string, text: string, cwd: string | undefined): ConfigText {
  const parsed = parseSource(text, file);
  if (!parsed.ok) {
    const at = lineTable(parsed.problem.text)(parsed.problem.offset);
    throw configError(`${shownPath(file, cwd)}:${at.line + 1}:${at.character + 1}`, `the configuration does not parse: ${parsed.problem.message}.`);
  }
  return { file, value: parsed.source.value, source: parsed.source };
}

async function importConfig(file: string, cwd: string | undefined): Promise<ConfigText> {
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw configError(file, `the configuration module failed to load: ${reason}.`, undefined, cwd);
  }
  if (module.default === undefined) throw configError(file, 'the configuration module has no default export; write `export default { rules: { … } }`.', undefined, cwd);
  return { file, value: module.default };
}

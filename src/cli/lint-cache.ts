import { createHash } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../types.js';
import type { FileResult, LintSettings } from '../lint/lint.js';
import { readDocument } from '../load/read-document.js';
import { writeReport } from './write-report.js';

/** One linted document: what it was linted with, every file it read and their hashes, what it found. */
interface Entry {
  /** Hash of the settings, the text of the plugin modules they name, and swaglint's version. */
  options: string;
  /** The document first, then each `$ref`'d file it reached: [path, hash of its text]. */
  files: Array<[string, string]>;
  diagnostics: Diagnostic[];
  skipped?: string;
}

interface CacheFile {
  swaglintCache: 1;
  entries: Record<string, Entry>;
}

const hash = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * `--cache`: a result is reused only when the settings, swaglint's version, the document and every file
 * its `$ref`s reached hash as they did when it was linted; a result that depended on a `$ref`'d file
 * that could not be loaded is never stored. A configuration's plugins count by their module file's
 * text (a change in a module the plugin imports in turn is not seen: clear the cache after one). The file holds hashes and diagnostics, never options or
 * document text. A cache file that is unreadable or not ours is ignored and rebuilt.
 */
export class LintCache {
  private constructor(
    private readonly location: string,
    /** The location as the user wrote it, for messages. */
    private readonly shown: string,
    private readonly version: string,
    private readonly data: CacheFile,
  ) {}

  static async open(location: string, version: string, shown = location): Promise<LintCache> {
    let data: CacheFile = { swaglintCache: 1, entries: {} };
    try {
      const parsed = JSON.parse(await fs.readFile(location, 'utf8')) as Partial<CacheFile>;
      if (parsed.swaglintCache === 1 && parsed.entries && typeof parsed.entries === 'object' && !Array.isArray(parsed.entries)) data = parsed as CacheFile;
    } catch {
      // missing, unreadable or corrupt: start afresh
    }
    return new LintCache(path.resolve(location), shown, version, data);
  }

  /** The stored result for `file` when nothing it depends on has changed. */
  async lookup(file: string, options: LintSettings): Promise<FileResult | undefined> {
    const entry = Object.hasOwn(this.data.entries, file) ? this.data.entries[file] : undefined;
    const key = this.keyOf(options);
    if (!entry || key === undefined || entry.options !== key || !Array.isArray(entry.files) || !Array.isArray(entry.diagnostics) || entry.files[0]?.[0] !== file) return undefined;
    const texts = new Map<string, string>();
    try {
      for (const [i, [uri, stored]] of entry.files.entries()) {
        // read the way the linter reads: the document as it decodes it, a $ref'd file as the resolver does
        const text = i === 0 ? await readDocument(uri) : await fs.readFile(uri, 'utf8');
        if (hash(text) !== stored) return undefined;
        texts.set(uri, text);
      }
    } catch {
      return undefined;
    }
    return { uri: file, diagnostics: entry.diagnostics, texts, ...(entry.skipped ? { skipped: entry.skipped } : {}) };
  }

  /** Hashes the texts the linter actually read, so a file changed while it ran is not trusted later. */
  store(result: FileResult, options: LintSettings): void {
    const key = this.keyOf(options);
    if (key === undefined || result.unloaded?.length || !path.isAbsolute(result.uri)) return;
    const root = result.texts.get(result.uri);
    if (root === undefined) return;
    const files: Array<[string, string]> = [[result.uri, hash(root)]];
    for (const [uri, text] of result.texts) if (uri !== result.uri) files.push([uri, hash(text)]);
    if (files.some(([uri]) => !path.isAbsolute(uri))) return;
    this.data.entries[result.uri] = { options: key, files, diagnostics: result.diagnostics, ...(result.skipped ? { skipped: result.skipped } : {}) };
  }

  /** The hash of what decides a document's diagnostics, or undefined when they cannot be cached. */
  private keyOf(settings: LintSettings): string | undefined {
    const plugins = settings.config?.plugins ?? [];
    const code = plugins.map((file) => this.pluginHash(file));
    if (code.includes(undefined)) return undefined;
    return hash(stableJson({ version: this.version, settings, plugins: code }));
  }

  /** Plugin modules' text by file, read once per run: a changed plugin is a different run. */
  private readonly pluginHashes = new Map<string, string | undefined>();

  private pluginHash(file: string): string | undefined {
    if (!this.pluginHashes.has(file)) {
      let text: string | undefined;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = undefined; // unreadable: nothing linted with it is cached
      }
      this.pluginHashes.set(file, text === undefined ? undefined : hash(text));
    }
    return this.pluginHashes.get(file);
  }

  /** Written through a temp file and a rename, like every report. */
  async save(inputs: ReadonlySet<string>): Promise<void> {
    await writeReport(this.location, JSON.stringify(this.data) + '\n', inputs, this.shown, '--cache-location');
  }
}

/** JSON with object keys sorted, so the same options always hash the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

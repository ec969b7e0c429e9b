import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../types.js';
import { UserError } from '../errors.js';
import { maxDocumentBytes, readDocument } from '../pipeline/inputs.js';
import type { FileResult, LintSettings } from '../pipeline/lint.js';
import { writeReport } from './write-report.js';

/** A cache hit's result; on a miss, the document's text when the lookup read it (the lint takes it). */
export type CacheLookup = { result: FileResult; text?: undefined } | { result?: undefined; text?: string | undefined };

/** One linted document: what it was linted with, every file it read and their hashes, what it found. */
export interface Entry {
  /** Hash of the settings, the text of the plugin modules they name, and swaglint's version. */
  options: string;
  /** HMAC of everything else in the entry, with this user's key (see cacheKey): a forged entry fails it. */
  mac: string;
  /** The document first, then each `$ref`'d file it reached: [path, hash of its text]. */
  files: Array<[string, string]>;
  diagnostics: Diagnostic[];
  skipped?: string;
}

interface CacheFile {
  swaglintCache: 1;
  entries: Record<string, Entry>;
}

const crypto = () => process.getBuiltinModule('node:crypto');
const hash = (text: string) => crypto().createHash('sha256').update(text).digest('base64');

/**
 * `--cache`: a result is reused only when the settings, swaglint's version, the document and every file
 * its `$ref`s reached hash as they did when it was linted; a result that depended on a `$ref`'d file
 * that could not be loaded is never stored. A configuration's plugins count by their module file's
 * text (a change in a module the plugin imports in turn is not seen: clear the cache after one). The file holds hashes and diagnostics, never options or
 * document text. A cache file that is unreadable or not ours is ignored and rebuilt.
 *
 * The cache file is untrusted input: it may be committed to a repository by a stranger. Every entry
 * carries an HMAC made with a key that lives outside the project (this user's cache directory), so
 * an entry this user's swaglint did not write, such as one claiming a broken document has no
 * findings, is ignored whatever hashes it lists. Entries are checked for shape before use, and the
 * files an entry names are read only when they are regular files within the one-document limit.
 */
export class LintCache {
  private constructor(
    private readonly location: string,
    /** The location as the user wrote it, for messages. */
    private readonly shown: string,
    private readonly version: string,
    private readonly data: CacheFile,
    private readonly secret: Buffer,
  ) {}

  static async open(location: string, version: string, shown = location): Promise<LintCache> {
    let data: CacheFile = { swaglintCache: 1, entries: {} };
    const stat = await fs.lstat(location).catch(() => undefined);
    // a FIFO would block the read forever, a link would read (and later write) elsewhere
    if (stat && !stat.isFile()) throw new UserError(`--cache-location ${shown} is not a regular file; swaglint reads and writes its cache only as one: remove it or choose another path.`);
    try {
      if (stat && stat.size <= maxDocumentBytes) {
        const parsed = JSON.parse(await fs.readFile(location, 'utf8')) as Partial<CacheFile>;
        if (parsed.swaglintCache === 1 && parsed.entries && typeof parsed.entries === 'object' && !Array.isArray(parsed.entries)) data = parsed as CacheFile;
      }
    } catch {
      // missing, unreadable or corrupt: start afresh
    }
    return new LintCache(path.resolve(location), shown, version, data, await cacheKey());
  }

  /**
   * The stored result for `file` when nothing it depends on has changed; else the document's text when
   * it was read to find that out, so that the lint does not read it again.
   */
  async lookup(file: string, options: LintSettings): Promise<CacheLookup> {
    const entry = Object.hasOwn(this.data.entries, file) ? this.data.entries[file] : undefined;
    const key = this.keyOf(options);
    if (!isEntry(entry) || key === undefined || entry.options !== key || entry.files[0]?.[0] !== file) return {};
    const texts = new Map<string, string>();
    let document: string | undefined;
    try {
      // inside the try: a stranger's entry may nest deep enough to overflow the canonical JSON
      if (entry.mac !== this.mac(file, entry)) return {};
      for (const [i, [uri, stored]] of entry.files.entries()) {
        const stat = await fs.stat(uri);
        if (!stat.isFile() || stat.size > maxDocumentBytes) return { text: document };
        // read the way the linter reads: the document as it decodes it, a $ref'd file as the resolver does
        const text = i === 0 ? (document = await readDocument(uri)) : await fs.readFile(uri, 'utf8');
        if (hash(text) !== stored) return { text: document };
        texts.set(uri, text);
      }
    } catch {
      return { text: document };
    }
    return { result: { uri: file, diagnostics: entry.diagnostics, texts, ...(entry.skipped ? { skipped: entry.skipped } : {}) } };
  }

  private mac(file: string, entry: Omit<Entry, 'mac'>): string {
    return entryMac(this.secret, file, entry);
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
    const entry = { options: key, files, diagnostics: result.diagnostics, ...(result.skipped ? { skipped: result.skipped } : {}) };
    // through JSON and back, so that the HMAC covers exactly what a later run reads from the file
    const stored = JSON.parse(JSON.stringify(entry)) as Omit<Entry, 'mac'>;
    this.data.entries[result.uri] = { ...stored, mac: this.mac(result.uri, stored) };
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

/** An entry's HMAC: its file, options key, files and hashes, and findings, as canonical JSON. */
export function entryMac(secret: Buffer, file: string, entry: Omit<Entry, 'mac'>): string {
  const signed = stableJson({ file, options: entry.options, files: entry.files, diagnostics: entry.diagnostics, skipped: entry.skipped });
  return crypto().createHmac('sha256', secret).update(signed).digest('base64');
}

/** Where this user's cache key is kept. */
export function cacheKeyFile(): string {
  return path.join(process.env['XDG_CACHE_HOME'] || path.join(os.homedir(), '.cache'), 'swaglint', 'cache-key');
}

/** An entry of the right shape; anything else in the file (edited, truncated, forged) is skipped. */
function isEntry(value: unknown): value is Entry {
  if (value === null || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return typeof e['options'] === 'string' && typeof e['mac'] === 'string'
    && (e['skipped'] === undefined || typeof e['skipped'] === 'string')
    && Array.isArray(e['files']) && e['files'].length > 0
    && e['files'].every((f) => Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && path.isAbsolute(f[0]) && typeof f[1] === 'string')
    && Array.isArray(e['diagnostics']) && e['diagnostics'].every(isDiagnostic);
}

function isDiagnostic(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const d = value as Record<string, unknown>;
  const range = d['range'] as { start?: { line?: unknown }; end?: { line?: unknown } } | undefined;
  return typeof d['ruleId'] === 'string' && typeof d['message'] === 'string' && typeof d['uri'] === 'string' && typeof d['pointer'] === 'string'
    && ['error', 'warn', 'info', 'hint'].includes(d['severity'] as string)
    && typeof range === 'object' && range !== null && typeof range.start?.line === 'number' && typeof range.end?.line === 'number';
}

/**
 * This user's key for the cache's HMACs, kept outside every project: `$XDG_CACHE_HOME/swaglint/cache-key`
 * (or ~/.cache/...), made on first use, readable by the user alone. Where it cannot be kept (a
 * read-only home), a key for this run only: the cache then never matches, which is slower, not wrong.
 */
async function cacheKey(): Promise<Buffer> {
  const file = cacheKeyFile();
  try {
    const stat = await fs.lstat(file);
    if (stat.isFile() && stat.size === 32) return await fs.readFile(file);
  } catch {
    // not made yet
  }
  const key = crypto().randomBytes(32);
  try {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, key, { mode: 0o600, flag: 'wx' });
    await fs.rename(temp, file);
  } catch {
    // a key for this run only
  }
  return key;
}

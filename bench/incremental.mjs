// The editor's figures (issue 41): the real language server (bin/swaglint-lsp.js) driven over stdio by
// an LSP client library (vscode-jsonrpc), on a large document: the time from didOpen to the first
// diagnostics, then 20 one-character edits spread over the document (one letter of the description
// nearest to each twentieth of the text), each timed from didChange to the diagnostics of that version,
// the server's 200 ms debounce subtracted (waiting, not work): to the first diagnostics of that version
// (after an edit the server publishes the edited part's findings with the others kept first) and to
// the complete set (the server's `swaglint/diagnosticsComplete` notification, asked for at
// initialization). Also the library alone: the whole lint (lintText) of the edited text, and the
// re-lint (pipeline/incremental.js: first batch, then complete) where the build has it. Prints medians of wall time and of CPU time (the library's from process.cpuUsage, the
// server's from /proc/<pid>/stat on Linux: on a busy shared machine CPU time says more than wall time);
// asserts nothing (tests never assert on time).
//   npm run build && node bench/incremental.mjs [file] [--edits 20] [--root <a built checkout>] [--server-only]
// Default file: the largest corpus document (DocuSign, 4.1 MB JSON). --root runs another build's
// server and library (the baseline of a before/after figure). --server-only skips the library's two
// passes (half the run's CPU on a shared machine).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(`--${name}`); return i === -1 ? fallback : args[i + 1]; };
const root = path.resolve(opt('root', path.resolve(here, '..')));
const edits = Number(opt('edits', '20'));
const serverOnly = args.includes('--server-only');
const debounceMs = 200;
const corpus = process.env.SWAGLINT_CORPUS ?? path.resolve(here, '..', '..', 'shared', 'corpus');
const { lintText } = await import(pathToFileURL(path.join(root, 'dist', 'src', 'index.js')).href);

function largest(dir) {
  let best = { size: -1, file: '' };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ya?ml|json)$/i.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const { size } = statSync(file);
    if (size > best.size) best = { size, file };
  }
  return best;
}

const positional = args.filter((a, i) => !a.startsWith('--') && !['--root', '--edits'].includes(args[i - 1]));
const file = positional[0] ? path.resolve(positional[0]) : largest(corpus).file;
let text = readFileSync(file, 'utf8');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The edits' offsets: for each twentieth of the text, the first letter of the first description
 * value after it (a letter inside prose: the document stays valid and its findings mostly the same,
 * as while typing a sentence).
 */
function editOffsets(source) {
  const key = /["']?description["']?\s*:\s*(?:[|>][-+]?\s*)?["']?/g;
  const offsets = [];
  for (let k = 0; k < edits; k++) {
    key.lastIndex = Math.floor((source.length * k) / edits);
    const m = key.exec(source);
    if (!m) break;
    let at = m.index + m[0].length;
    while (at < source.length && !/[A-Za-z]/.test(source[at])) at++;
    offsets.push(at);
  }
  return offsets;
}
const offsets = editOffsets(text);
const replacement = (c) => (c === 'x' ? 'y' : 'x');
const positionOf = (source, offset) => {
  const before = source.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
};

console.log(`${path.basename(file)}: ${(text.length / 1e6).toFixed(1)} MB, ${offsets.length} one-character edits spread over it; build ${root}`);

// library: the whole lint of the edited text, as the server does on each change
if (!serverOnly) {
  await lintText(text, file); // warm: module loading, first parse
  const times = [];
  const cpu = [];
  let edited = text;
  for (const at of offsets) {
    edited = edited.slice(0, at) + replacement(edited[at]) + edited.slice(at + 1);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await lintText(edited, file);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    times.push(performance.now() - t0);
  }
  console.log(`library lintText after a one-character edit: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); CPU median ${median(cpu).toFixed(0)} ms`);
}

// library: the re-lint of the same edits (a build without pipeline/incremental.js skips this)
const incremental = serverOnly ? undefined : await import(pathToFileURL(path.join(root, 'dist', 'src', 'pipeline', 'incremental.js')).href).catch(() => undefined);
if (incremental) {
  let { session } = await incremental.lintSession(text, file, {});
  const publication = await publicationStages();
  const stages = { 'first batch': [], 'fold': [], 'to LSP': [], 'JSON text': [], "client's JSON.parse": [] };
  const firsts = [];
  const completes = [];
  let fallbacks = 0;
  const reran = new Map();
  let edited = text;
  for (const at of offsets) {
    edited = edited.slice(0, at) + replacement(edited[at]) + edited.slice(at + 1);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const re = session && (await incremental.relint(session, edited, {}));
    if (!re) {
      fallbacks++;
      ({ session } = await incremental.lintSession(edited, file, {}));
      firsts.push(performance.now() - t0);
      completes.push(performance.now() - t0);
      continue;
    }
    firsts.push(performance.now() - t0);
    stages['first batch'].push(cpuMs(c0));
    const linted = await re.complete();
    session = linted.session;
    completes.push(performance.now() - t0);
    // measured after the complete set, so as not to count in it; the complete set converted after, as the server does
    if (re.first) await publication.first(re.first, stages);
    await publication.complete(linted.result);
    reran.set(linted.nodeRules, (reran.get(linted.nodeRules) ?? 0) + 1);
  }
  console.log(`library re-lint after a one-character edit: first batch median ${median(firsts).toFixed(0)} ms (min ${Math.min(...firsts).toFixed(0)}, max ${Math.max(...firsts).toFixed(0)}), complete median ${median(completes).toFixed(0)} ms; ${fallbacks} of ${offsets.length} edits were full lints; node rules re-run on: ${[...reran].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`the first publication's stages, CPU medians in this process: ${Object.entries(stages).map(([k, v]) => `${k} ${median(v).toFixed(1)} ms`).join(', ')}`);
}

function cpuMs(since) {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
}

/**
 * The server's work on a first batch after the library's, stage by stage, as the build at --root does
 * it (its kept conversions where it has lsp/diagnostics-json.js, else a conversion and JSON.stringify of
 * every finding), and the client's parse of the bytes: where the transport's time goes, without a pipe.
 */
async function publicationStages() {
  const lib = (p) => import(pathToFileURL(path.join(root, 'dist', 'src', ...p.split('/'))).href);
  const { foldFindings } = await lib('pipeline/findings.js');
  const { toLspDiagnostic } = await lib('lsp/to-lsp.js');
  const kept = await lib('lsp/diagnostics-json.js').catch(() => undefined);
  const docsLink = (id) => `https://example.invalid/docs/rules/${id}.md`;
  const uri = pathToFileURL(file).href;
  const converter = kept && new kept.DiagnosticsJson(docsLink);
  const convert = (shown) => (converter ? converter.convert(shown, uri).diagnostics : shown.map((d) => toLspDiagnostic(d, docsLink, uri)));
  return {
    async first(first, stages) {
      let c = process.cpuUsage();
      const shown = foldFindings(first.diagnostics).filter((d) => d.uri === file);
      stages.fold.push(cpuMs(c));
      c = process.cpuUsage();
      const diagnostics = convert(shown);
      stages['to LSP'].push(cpuMs(c));
      const message = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, version: 2, diagnostics } };
      c = process.cpuUsage();
      // the writer's encoder: the kept texts joined where the build has them
      const bytes = kept ? await kept.prebuiltJsonEncoder.encode(message, { charset: 'utf-8' }) : Buffer.from(JSON.stringify(message), 'utf-8');
      stages['JSON text'].push(cpuMs(c));
      c = process.cpuUsage();
      JSON.parse(Buffer.from(bytes).toString('utf-8'));
      stages["client's JSON.parse"].push(cpuMs(c));
    },
    async complete(result) {
      convert(foldFindings(result.diagnostics).filter((d) => d.uri === file));
    },
  };
}

// language server: didChange with a one-character incremental change, until that version's diagnostics
{
  const child = spawn(process.execPath, [path.join(root, 'bin', 'swaglint-lsp.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let waiting;
  let completing;
  let last;
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    last = p;
    if (waiting && (p.version === undefined || p.version >= waiting.version)) waiting.resolve(p);
  });
  // a build without the notification never sends it: its one publication is then the complete set
  let notifies = false;
  conn.onNotification('swaglint/diagnosticsComplete', (p) => {
    notifies = true;
    if (completing && p.version >= completing.version) completing.resolve(p);
  });
  conn.listen();
  const published = (version) => new Promise((resolve) => (waiting = { version, resolve }));
  const completed = (version) => new Promise((resolve) => (completing = { version, resolve }));
  const started = performance.now();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { completeNotification: true } });
  await conn.sendNotification('initialized', {});
  const uri = pathToFileURL(file).href;
  let wait = published(1);
  const t0 = performance.now();
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: file.endsWith('.json') ? 'json' : 'yaml', version: 1, text } });
  const first = await wait;
  const openMs = performance.now() - t0;
  const times = [];
  const full = [];
  const cpu = [];
  // the server's CPU time (user + system, in clock ticks of 10 ms), where /proc has it
  const cpuOf = () => { try { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; } catch { return NaN; } };
  let count = first.diagnostics.length;
  for (const [i, at] of offsets.entries()) {
    const version = i + 2;
    const start = positionOf(text, at);
    const c = replacement(text[at]);
    text = text.slice(0, at) + c + text.slice(at + 1);
    wait = published(version);
    const done = completed(version);
    const t = performance.now();
    const c0 = cpuOf();
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start, end: { line: start.line, character: start.character + 1 } }, text: c }] });
    await wait;
    times.push(performance.now() - t - debounceMs);
    if (notifies) await done;
    full.push(performance.now() - t - debounceMs);
    count = last.diagnostics.length;
    cpu.push(cpuOf() - c0);
  }
  console.log(`language server: first diagnostics ${openMs.toFixed(0)} ms after didOpen (${(t0 - started).toFixed(0)} ms to start and initialize before it), ${first.diagnostics.length} diagnostics`);
  console.log(`language server didChange → first diagnostics, ${debounceMs} ms debounce subtracted: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`);
  console.log(`language server didChange → complete diagnostics${notifies ? '' : ' (this build publishes once)'}: median ${median(full).toFixed(0)} ms (min ${Math.min(...full).toFixed(0)}, max ${Math.max(...full).toFixed(0)}; ${count} diagnostics after the last edit); the server's CPU per edit, median ${median(cpu).toFixed(0)} ms`);
  // the server's peak resident memory (Linux /proc): a session kept per document must not cost much
  const peak = (() => { try { return /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]; } catch { return undefined; } })();
  if (peak) console.log(`language server peak RSS: ${(Number(peak) / 1024).toFixed(0)} MB`);
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
}

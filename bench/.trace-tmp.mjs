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
//   npm run build && node bench/incremental.mjs [file] [--edits 20] [--root <a built checkout>]
// Default file: the largest corpus document (DocuSign, 4.1 MB JSON). --root runs another build's
// server and library (the baseline of a before/after figure).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const here = '/work/wt-lsp/bench';
const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(`--${name}`); return i === -1 ? fallback : args[i + 1]; };
const root = path.resolve(opt('root', path.resolve(here, '..')));
const edits = Number(opt('edits', '20'));
const debounceMs = 200;
const corpus = process.env.SWAGLINT_CORPUS ?? path.resolve(here, '..', '..', 'shared', 'corpus');


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

const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
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

// language server: didChange with a one-character incremental change, until that version's diagnostics
{
  const child = spawn(process.execPath, [path.join(root, 'bin', 'swaglint-lsp.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let waiting;
  let completing;
  let last;
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    last = p;
    process.stderr.write('T recv '+(performance.timeOrigin+performance.now()).toFixed(1)+'\n'); if (waiting && (p.version === undefined || p.version >= waiting.version)) waiting.resolve(p);
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
    const c0 = cpuOf(); process.stderr.write('T send '+(performance.timeOrigin+performance.now()).toFixed(1)+'\n');
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

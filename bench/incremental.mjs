// Re-linting the largest corpus document after a one-character edit, as an editor does on a keystroke:
// through the language server (didChange → publishDiagnostics, debounce excluded) and through the
// library (lintText). Prints milliseconds; asserts nothing (docs/architecture.md: tests never assert on time).
//   npm run build && node bench/incremental.mjs [file]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { lintText } from '../dist/src/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = process.env.SWAGLINT_CORPUS ?? path.resolve(root, '..', 'shared', 'corpus');
const runs = 5;

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

const file = process.argv[2] ? path.resolve(process.argv[2]) : largest(corpus).file;
const text = readFileSync(file, 'utf8');
// the edit: one character inside the first description (or the title), as typing would make
const at = Math.max(text.indexOf('"description": "'), 0) + 16;
const edited = (i) => text.slice(0, at) + 'abcdefghij'[i % 10] + text.slice(at + 1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`${path.relative(corpus, file)}: ${(text.length / 1e6).toFixed(1)} MB, ${runs} runs each, median`);

// library: one document, edited text each time
{
  await lintText(text, file); // warm: module loading, first parse
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await lintText(edited(i), file);
    times.push(performance.now() - t0);
  }
  console.log(`library lintText after a one-character edit: ${median(times).toFixed(0)} ms`);
}

// language server: didChange with a one-character incremental change, until its publication arrives
{
  const child = spawn(process.execPath, [path.join(root, 'bin', 'swaglint-lsp.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let arrived;
  conn.onNotification('textDocument/publishDiagnostics', (p) => arrived?.(p));
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  const uri = pathToFileURL(file).href;
  const published = () => new Promise((resolve) => (arrived = resolve));
  let wait = published();
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: file.endsWith('.json') ? 'json' : 'yaml', version: 1, text } });
  const first = await wait;
  const prefix = text.slice(0, at).split('\n');
  const pos = { line: prefix.length - 1, character: prefix[prefix.length - 1].length };
  const times = [];
  for (let i = 0; i < runs; i++) {
    wait = published();
    const t0 = performance.now();
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: i + 2 }, contentChanges: [{ range: { start: pos, end: { line: pos.line, character: pos.character + 1 } }, text: 'abcdefghij'[i % 10] }] });
    await wait;
    times.push(performance.now() - t0 - 200); // the server's debounce is waiting, not work
  }
  console.log(`language server didChange → diagnostics (200 ms debounce subtracted): ${median(times).toFixed(0)} ms (${first.diagnostics.length} diagnostics)`);
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
}

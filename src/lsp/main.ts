import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { builtinRules } from '../pipeline/catalog.js';
import { startServer } from './server.js';
import { discovered } from './options-for.js';
import { packageDocsLink } from './to-lsp.js';
import { prebuiltJsonEncoder } from './diagnostics-json.js';
import { collectionWhenGrown } from './collect-garbage.js';
import { packageLinks } from '../package-links.js';
import { version } from '../version.js';

const usage = `Usage: swaglint-lsp --stdio
       swaglint-lsp --version

The swaglint language server, speaking LSP over stdin/stdout. Editors start it; see docs/editors.md.
`;


export interface Io {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/**
 * Starts the server on stdio and returns undefined (the process then lives until the client sends
 * `exit`), or returns the exit code for a bad command line. Only `--stdio` is offered: it is what
 * every editor below supports, and a socket or pipe would be more surface to secure.
 */
export function main(argv: readonly string[], io: Io): number | undefined {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(usage);
    return 0;
  }
  // what an editor's setup or a bug report asks first; the same version as swaglint --version
  if (argv.length === 1 && argv[0] === '--version') {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  if (argv.length !== 1 || argv[0] !== '--stdio') {
    io.stderr.write(`swaglint-lsp: expected --stdio, got ${argv.length === 0 ? 'no arguments' : argv.join(' ')}\n\n${usage}`);
    return 2;
  }
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(io.stdin), new StreamMessageWriter(io.stdout, { charset: 'utf-8', contentTypeEncoder: prebuiltJsonEncoder }));
  // A request the client does not answer (or answers with an error) rejects a promise no one awaits:
  // one line on stderr, and the server goes on serving, rather than exiting with V8's stack trace.
  process.on('unhandledRejection', (reason) => {
    io.stderr.write(`swaglint-lsp: ${reason instanceof Error ? reason.message : String(reason)}\n`);
  });
  const known = new Set(builtinRules.map((r) => r.meta.id));
  startServer(connection, { optionsFor: discovered, docsLink: packageDocsLink(packageLinks(), known), debounceMs: 200, collectGarbage: collectionWhenGrown() });
  return undefined;
}

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { ExitNotification, PublishDiagnosticsNotification, ShutdownRequest, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { projectDir } from './paths.js';

/** `swaglint-lsp --stdio` in a child process, with a JSON-RPC connection to it and its publications. */
export interface LspSession {
  child: ChildProcess;
  connection: MessageConnection;
  /** Resolves with the next publication for `uri` that `accept` takes (all publications are kept). */
  nextDiagnostics(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  /** Every publication so far, in arrival order. */
  received: PublishDiagnosticsParams[];
  exited: Promise<number | null>;
  stderr: () => string;
  /** Asks the server to shut down and exit, as an editor does; resolves with its exit code. */
  shutdown(): Promise<number | null>;
}

export function startLsp(): LspSession {
  const child = spawn(process.execPath, [path.join(projectDir, 'bin', 'swaglint-lsp.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const received: PublishDiagnosticsParams[] = [];
  const waiting: Array<{ uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void; from: number }> = [];
  let consumed = 0;
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    received.push(params);
    for (const w of [...waiting]) {
      if (w.uri === params.uri && w.accept(params)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(params);
      }
    }
  });
  connection.listen();
  return {
    child,
    connection,
    received,
    exited,
    stderr: () => stderr,
    async shutdown() {
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      return exited;
    },
    nextDiagnostics(uri, accept = () => true) {
      // a publication that already arrived after the last one handed out counts
      const already = received.slice(consumed).find((p) => p.uri === uri && accept(p));
      if (already) {
        consumed = received.indexOf(already) + 1;
        return Promise.resolve(already);
      }
      return new Promise((resolve) =>
        waiting.push({ uri, accept, from: received.length, resolve: (p) => { consumed = received.indexOf(p) + 1; resolve(p); } }),
      );
    },
  };
}

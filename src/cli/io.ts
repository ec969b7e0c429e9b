/** What the CLI may touch of its process: passed in, so tests run it in-process. */
export interface Io {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  cwd(): string;
  env: NodeJS.ProcessEnv;
}

export type ExitCode = 0 | 1 | 2;

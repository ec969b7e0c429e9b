/**
 * The library's one default taken from the process: the working directory, when a caller names none.
 * Read here, at the library's entry, and passed down; the CLI, the language server and the lint
 * service read their own at their edge. Nothing below the pipeline reads it.
 */
export function workingDirectory(cwd: string | undefined): string {
  return cwd ?? process.cwd();
}

import path from 'node:path';
import type { ExitCode, Io } from './io.js';
import { UserError } from '../errors.js';
import { renderFile } from '../pipeline/render.js';
import { writeReport } from './write-report.js';

export interface RenderArgs {
  document: string;
  output?: string;
  cwd: string;
}

/**
 * `swaglint render <document> [-o page.html]`: the page goes to stdout, or to the file `-o` names
 * (atomically, never over the document itself). A document that cannot be read or parsed is a user
 * error at its line and column.
 */
export async function renderCommand(args: RenderArgs, io: Io): Promise<ExitCode> {
  const file = path.resolve(args.cwd, args.document);
  const html = await renderFile(file, args.document);
  if (args.output === undefined) {
    io.stdout.write(html);
    return 0;
  }
  const target = path.resolve(args.cwd, args.output);
  if (target === file) throw new UserError(`-o ${args.output} is the document being rendered; choose another file.`);
  await writeReport(target, html, new Set([file]), args.output, '-o');
  return 0;
}

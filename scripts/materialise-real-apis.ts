// Writes the documents of the second and third label sets (../shared/labels/real-apis.tsv and
// real-apis-2.tsv) and of the census set (bench/labels/census-apis.tsv) from their pinned commits into a git-ignored folder
// (bench/.real-apis by default), so that the path-convention scores and training can be re-run. The
// repositories are not fetched here: bring each one first (the labels' READMEs name them; a mirror is a
// bare git directory `<mirrors>/<owner>+<name>/repo`), then
//   node dist/scripts/materialise-real-apis.js --mirrors <dir> [--out <dir>] [shared-dir]
// Each file is checked against its recorded size; the Azure DevOps documents also get the
// `httpExamples/` folder beside them, as their `$ref`s reach it. One of the repositories has no licence:
// the files stay out of the project's repository.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const defaultOut = path.join(root, 'bench', '.real-apis');

interface Entry {
  file: string;
  repo: string;
  sourcePath: string;
  commit: string;
  bytes: number;
  /** `folder`: every file under `sourcePath` at `commit` is written under `file`, `bytes` their sum (a split
   * document's `$ref`s reach across its repository's folders). */
  kind: string;
}

/** The thirteen lists: the second and third sets' (in ../shared), the census and the ten OpenAPI 3 sets' (in the repository). */
function readEntries(shared: string): Entry[] {
  return [
    path.join(shared, 'labels', 'real-apis-documents.tsv'),
    path.join(shared, 'labels', 'real-apis-2-documents.tsv'),
    path.join(root, 'bench', 'labels', 'census-apis-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-apis-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-heldout-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-third-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-fourth-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-fifth-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-sixth-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-seventh-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-eighth-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-ninth-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-tenth-documents.tsv'),
    path.join(root, 'bench', 'labels', 'openapi3-eleventh-documents.tsv'),
  ].flatMap(readList);
}

function readList(list: string): Entry[] {
  const lines = readFileSync(list, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = lines.shift()!.split('\t');
  const col = (name: string) => header.indexOf(name);
  return lines.map((l) => {
    const f = l.split('\t');
    return { file: f[col('file')]!, repo: f[col('source_repo')]!, sourcePath: f[col('source_path')]!, commit: f[col('commit')]!, bytes: Number(f[col('bytes')]), kind: f[col('kind')] ?? 'document' };
  });
}

function gitShow(gitDir: string, commit: string, file: string): Buffer {
  return execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${file}`], { maxBuffer: 1 << 28 });
}

function write(target: string, data: Buffer): void {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target + '.tmp', data);
  renameSync(target + '.tmp', target);
}

/** The files under `folder` at `commit` (none when the folder does not exist there). */
function filesUnder(gitDir: string, commit: string, folder: string): string[] {
  try {
    return execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', commit, '--', folder + '/'], { encoding: 'utf8', maxBuffer: 1 << 26 }).split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

export function materialise(shared: string, mirrors: string, out: string): { written: number; problems: string[] } {
  const problems: string[] = [];
  let written = 0;
  const examplesDone = new Set<string>();
  for (const e of readEntries(shared)) {
    const gitDir = path.join(mirrors, e.repo.replace('/', '+'), 'repo');
    if (!existsSync(gitDir)) {
      problems.push(`${e.file}: no mirror of ${e.repo} at ${gitDir} (bring it with fetch github:${e.repo})`);
      continue;
    }
    if (e.kind === 'folder') {
      const files = filesUnder(gitDir, e.commit, e.sourcePath);
      let bytes = 0;
      for (const f of files) {
        const data = gitShow(gitDir, e.commit, f);
        bytes += data.length;
        write(path.join(out, e.file, path.posix.relative(e.sourcePath, f)), data);
        written++;
      }
      if (bytes !== e.bytes) problems.push(`${e.file}/: ${bytes} bytes in ${files.length} files, the list says ${e.bytes}`);
      continue;
    }
    let data: Buffer;
    try {
      data = gitShow(gitDir, e.commit, e.sourcePath);
    } catch {
      problems.push(`${e.file}: ${e.repo} has no ${e.sourcePath} at ${e.commit}`);
      continue;
    }
    if (data.length !== e.bytes) problems.push(`${e.file}: ${data.length} bytes, the list says ${e.bytes}`);
    write(path.join(out, e.file), data);
    written++;
    if (e.repo === 'MicrosoftDocs/vsts-rest-api-specs') {
      const from = path.posix.join(path.posix.dirname(e.sourcePath), 'httpExamples');
      const to = path.join(out, path.dirname(e.file), 'httpExamples');
      if (examplesDone.has(from)) continue;
      examplesDone.add(from);
      for (const f of filesUnder(gitDir, e.commit, from)) write(path.join(to, path.posix.relative(from, f)), gitShow(gitDir, e.commit, f));
    }
  }
  return { written, problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const take = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args.splice(at, 2)[1] : undefined;
  };
  const mirrors = take('--mirrors') ?? process.env['SWAGLINT_MIRRORS'];
  const out = path.resolve(take('--out') ?? defaultOut);
  const shared = path.resolve(args[0] ?? path.join(root, '..', 'shared'));
  if (!mirrors) {
    console.error('materialise-real-apis: name the folder of fetched mirrors with --mirrors <dir> (or SWAGLINT_MIRRORS)');
    process.exit(2);
  }
  const { written, problems } = materialise(shared, path.resolve(mirrors), out);
  for (const p of problems) console.error(p);
  console.log(`${written} files written to ${out}${problems.length ? `; ${problems.length} problems` : ''}`);
  process.exit(problems.length ? 1 : 0);
}

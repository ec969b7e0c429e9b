// The README's "The first run" is a real run: for each folder of its table, the folder of the corpus
// (../shared/corpus) is copied into a fresh project and linted with no configuration, as a new user
// would (`swaglint lint <folder>`), and the exit code, the number of findings, the errors (validity /
// conventions) and the length of the stylish report are the table's; the block after "The end of
// DocuSign's" is the end of that report. Issue 39 found the section stale (exit 1 and hundreds of
// `path-no-verbs` errors where the run gave exit 0 and warnings): a change to a rule's default or
// findings now shows here.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runCli, tempProject } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';
import { corpusDir, needsShared } from './helpers/shared-dir.js';

const skip = needsShared();
const readme = readFileSync(path.join(projectDir, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('### The first run'), readme.indexOf('\n## ', readme.indexOf('### The first run')));
const number = (s: string) => Number(s.replace(/,/g, ''));

interface Row { folder: string; exit: number; findings: number; errors: number; validity: number; conventions: number; lines: number }
const rows: Row[] = [...section.matchAll(/^\| `([\w.-]+)`[^|]*\| (\d) \| ([\d,]+) \| ([\d,]+) \(([\d,]+) \/ ([\d,]+)\) \| ([\d,]+) lines \|$/gm)].map((m) => ({
  folder: m[1]!, exit: Number(m[2]), findings: number(m[3]!), errors: number(m[4]!), validity: number(m[5]!), conventions: number(m[6]!), lines: number(m[7]!),
}));
const docusignEnd = /The end of DocuSign's:\n\n```\n([\s\S]*?)```/.exec(section)?.[1];
/** The `path-no-verbs` warnings the section counts for two folders ("Kubernetes' 203 and Slack's 290"). */
const verbs = /Kubernetes' ([\d,]+) and Slack's ([\d,]+)\s+`path-no-verbs` findings/.exec(section);
const verbCounts: Record<string, number> = verbs ? { 'kubernetes-client-c': number(verbs[1]!), 'slack-api-specs': number(verbs[2]!) } : {};

test("the README's first-run section has its table and the end of DocuSign's report", () => {
  assert.deepEqual(rows.map((r) => r.folder), ['oai-examples', 'docusign', 'kubernetes-client-c', 'slack-api-specs']);
  for (const r of rows) assert.equal(r.errors, r.validity + r.conventions, `${r.folder}: errors = validity + conventions`);
  assert.ok(docusignEnd?.startsWith('✖ '), 'the block after "The end of DocuSign\'s:" starts with the summary line');
  assert.ok(verbs, "the section counts Kubernetes' and Slack's path-no-verbs findings");
});

for (const row of rows) {
  test(`first run on ${row.folder}: as the README says`, { skip }, () => {
    const dir = tempProject('swaglint-first-run-');
    after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
    cpSync(path.join(corpusDir, row.folder), path.join(dir, row.folder), { recursive: true });
    // one run gives both: the JSON report goes to the file, the stylish one still to the terminal
    const run = runCli(['lint', row.folder, '-f', 'json', '-o', 'report.json'], dir);
    assert.equal(run.signal, null);
    const found = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as Array<{ ruleId: string; severity: string; category?: string }>;
    const errors = found.filter((d) => d.severity === 'error');
    assert.deepEqual(
      {
        exit: run.code,
        findings: found.length,
        errors: errors.length,
        validity: errors.filter((d) => d.category === 'validity').length,
        conventions: errors.filter((d) => d.category === 'convention').length,
        lines: run.stdout.split('\n').length - 1,
      },
      { exit: row.exit, findings: row.findings, errors: row.errors, validity: row.validity, conventions: row.conventions, lines: row.lines },
    );
    const expectedVerbs = verbCounts[row.folder];
    if (expectedVerbs !== undefined) {
      assert.deepEqual(found.filter((d) => d.ruleId === 'path-no-verbs').map((d) => d.severity), Array<string>(expectedVerbs).fill('warn'), 'path-no-verbs findings, each a warning');
    }
    if (row.folder === 'docusign') assert.equal(run.stdout.slice(run.stdout.lastIndexOf('\n✖ ') + 1), docusignEnd);
  });
}

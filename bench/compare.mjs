#!/usr/bin/env node
// The whole protocol: swaglint against Spectral, Redocly CLI and swagger-cli on the same files,
// each tool's runs interleaved with the others', medians of wall time and of peak memory (max RSS from
// /usr/bin/time), ratios, and a verdict per target. Prints Markdown (docs/performance.md).
// Every tool runs as users run it: its default output on a terminal-less stdout (swaglint: stylish,
// with its code frames), and swaglint's `--format json` beside it. Ratios are to swaglint's default.
//   npm run build && (cd bench && npm ci) && node bench/compare.mjs [--runs 5] [--only largest,synth,corpus,parse,cold,scaling,openapi3,panel,panel-ruleset] [--without spectral]
//   node bench/compare.mjs --only panel --runs 3 [--baseline /tmp/old] [--panel-docs multi-file]   issue 41's panel: five documents
// (Swagger 2.0 JSON and YAML, OpenAPI 3.0 JSON, OpenAPI 3.1 YAML, a multi-file OpenAPI 3.0 API), swaglint,
// Spectral and Redocly CLI (and the baseline build beside them, for before/after time and memory).
// The published ones are not vendored: each is written into bench/data/ (git-ignored) from a pinned
// commit, checked by its git blob (tree) id, read from /work/.mirror-style bare mirrors named with
// --mirrors <dir> (<dir>/<owner>+<name>/repo), else fetched at depth 1 into bench/data/<owner>+<name>.git.
// The OpenAPI 3 document (`openapi3`) is not vendored (its repository states no licence): the first run
// materialises it into bench/data/ (git-ignored) from plaid/plaid-openapi at a pinned commit, checked by
// its git blob id: fetched (depth 1) into bench/data/plaid-openapi.git, or read from a clone or mirror
// named with --plaid-git <git dir>. --openapi3 <file> names another document instead.
//   node bench/compare.mjs --only baseline --baseline /tmp/old   swaglint against another build of it
// (a built checkout, e.g. `git worktree add /tmp/old <commit>`, then npm ci and npm run build there) on
// the Swagger 2.0 figures: the largest corpus document, the synthetic one and the cold start.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const shared = path.resolve(root, '..', 'shared');
const corpus = path.join(shared, 'corpus');
const bin = (name) => path.join(here, 'node_modules', '.bin', name);
const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(`--${name}`); return i === -1 ? fallback : args[i + 1]; };
const runs = Number(opt('runs', '5'));
const only = new Set(opt('only', 'largest,synth,corpus,parse,cold,scaling,openapi3,panel').split(','));
const baseline = opt('baseline', undefined);
if (only.has('baseline') && !baseline) throw new Error('--only baseline needs --baseline <a built swaglint checkout>');
// `--without spectral`: leave a tool out (Spectral takes over a minute a run on the largest document)
const without = new Set(opt('without', '').split(',').filter(Boolean));
const work = path.join(os.tmpdir(), 'swaglint-bench');
mkdirSync(work, { recursive: true });
writeFileSync(path.join(work, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
// A team's ruleset as teams write them (issue 41: "a team's Spectral ruleset beside the defaults"): four
// rules, one of them reaching every property of every schema. swaglint runs it beside its defaults
// (`--ruleset`), Spectral beside `spectral:oas`, the same rules in both.
const teamRules = `rules:
  team-operation-id-camel:
    given: "$.paths[*][get,put,post,delete,patch]"
    severity: warn
    then: {field: operationId, function: casing, functionOptions: {type: camel}}
  team-summary-length:
    given: "$.paths[*][get,put,post,delete,patch]"
    severity: warn
    then: {field: summary, function: length, functionOptions: {max: 80}}
  team-paths-kebab:
    given: "$.paths[*]~"
    severity: warn
    then: {function: pattern, functionOptions: {match: "^(/([a-z0-9.-]+|\\\\{[^}]+\\\\}))+$"}}
  team-property-names:
    given: "$..properties[*]~"
    severity: warn
    then: {function: pattern, functionOptions: {notMatch: "^[A-Z]"}}
`;
writeFileSync(path.join(work, 'team.spectral.yaml'), teamRules);
writeFileSync(path.join(work, 'team-beside-oas.spectral.yaml'), `extends: ["spectral:oas"]\n${teamRules}`);
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function synth(n) {
  const file = path.join(work, `s${n}.yaml`);
  if (!existsSync(file)) execFileSync('python3', [path.join(shared, 'tools', 'synth.py'), String(n), file]);
  return file;
}

const swaglint = path.join(root, 'bin', 'swaglint.js');
const tools = {
  // what editors, CI logs and pre-commit show: no flags, the default (stylish) output
  swaglint: (files) => [process.execPath, swaglint, 'lint', ...files],
  'swaglint --format json': (files) => [process.execPath, swaglint, 'lint', '--format', 'json', ...files],
  spectral: (files) => [bin('spectral'), 'lint', '--ruleset', path.join(work, '.spectral.yaml'), '--fail-severity', 'error', ...files],
  redocly: (files) => [bin('redocly'), 'lint', ...files],
  'swagger-cli': (files) => files.length === 1 ? [bin('swagger-cli'), 'validate', files[0]] : ['sh', '-c', files.map((f) => `${bin('swagger-cli')} validate '${f}' >/dev/null 2>&1`).join('; ') + '; true'],
  'swaglint + team ruleset': (files) => [process.execPath, swaglint, 'lint', '--ruleset', path.join(work, 'team.spectral.yaml'), ...files],
  'spectral + team ruleset': (files) => [bin('spectral'), 'lint', '--ruleset', path.join(work, 'team-beside-oas.spectral.yaml'), '--fail-severity', 'error', ...files],
  'swaglint --version': () => [process.execPath, swaglint, '--version'],
  'swaglint (baseline)': (files) => [process.execPath, path.join(baseline ?? '', 'bin', 'swaglint.js'), 'lint', ...files],
  'node -e 0': () => [process.execPath, '-e', '0'],
};

/** One run: wall ms, CPU ms (user + system, the process and its threads) and peak RSS in MB. */
function measure(argv, timeout = 180_000) {
  // `timeout` kills the tool itself when its time is up: spawnSync's own timeout killed only GNU time,
  // and a Spectral run left behind went on taking a core from the runs after it
  const limited = existsSync('/usr/bin/timeout') ? ['/usr/bin/timeout', '-k', '5', String(Math.ceil(timeout / 1000)), ...argv] : argv;
  const cmd = gnuTime ? [gnuTime, '-f', '%M %U %S', ...limited] : limited;
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8', maxBuffer: 1 << 30, cwd: work, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, timeout: timeout + 10_000 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const [maxKb, user, system] = gnuTime ? (r.stderr.trim().split('\n').pop() ?? '').trim().split(' ').map(Number) : [NaN, NaN, NaN];
  const rss = maxKb / 1024;
  const cpu = (user + system) * 1000;
  // exit 0-1 is a verdict (findings or none); anything else, or no report at all, is a failed run
  const failed = r.status === null || r.status > 1;
  const timedOut = r.error?.code === 'ETIMEDOUT' || r.status === 124 || r.status === 137;
  return { ms, cpu, rss, timedOut, failed: failed && !timedOut };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

const verdicts = [];
function verdict(target, met, detail) {
  verdicts.push(`- ${met ? 'met' : '**not met**'}: ${target} (${detail})`);
}

function compare(title, files, allNames, runsHere = runs, timeouts = {}) {
  const names = allNames.filter((n) => !without.has(n));
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < runsHere; i++) for (const n of names) samples[n].push(measure(tools[n](files), timeouts[n]));
  const rows = names.map((n) => ({
    n,
    ms: median(samples[n].map((s) => s.ms)),
    rss: median(samples[n].map((s) => s.rss)),
    cpu: median(samples[n].map((s) => s.cpu)),
    timedOut: samples[n].some((s) => s.timedOut),
    failed: samples[n].some((s) => s.failed),
  }));
  const ours = rows.find((r) => r.n === 'swaglint') ?? rows[0];
  console.log(`\n### ${title}\n`);
  console.log(`${runsHere} interleaved runs per tool.\n`);
  // CPU time beside wall time: on a loaded shared machine it varies less (waiting for a core is not in it)
  console.log('| tool | median wall | ratio to swaglint | median CPU (user + sys) | CPU ratio | median peak RSS | RSS ratio |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const note = r.timedOut ? ' (timed out: at least)' : r.failed ? ' (a run failed)' : '';
    console.log(`| ${r.n} | ${(r.ms / 1000).toFixed(3)} s${note} | ${(r.ms / ours.ms).toFixed(1)}× | ${(r.cpu / 1000).toFixed(3)} s | ${(r.cpu / ours.cpu).toFixed(2)}× | ${r.rss.toFixed(0)} MB | ${(r.rss / ours.rss).toFixed(1)}× |`);
  }
  return Object.fromEntries(rows.map((r) => [r.n, r]));
}

function speedTargets(what, rows, redoclyTarget) {
  if (rows.spectral) {
    const s = rows.spectral.ms / rows.swaglint.ms;
    verdict(`${what}: at least 10× faster than Spectral`, s >= 10, `${s.toFixed(1)}×`);
  }
  if (rows.redocly && redoclyTarget) {
    const r = rows.redocly.ms / rows.swaglint.ms;
    verdict(`${what}: at least ${redoclyTarget}× faster than Redocly CLI`, r >= redoclyTarget, `${r.toFixed(1)}×`);
  }
}

console.log(`# swaglint benchmark — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${os.cpus()[0].model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os.loadavg()[0].toFixed(1)} at the start, Node ${process.version}`);
const peers = ['swaglint', 'swaglint --format json', 'spectral', 'redocly', 'swagger-cli'];
// the first run of a new build writes the code cache (src/startup/code-cache.ts); it is not measured
measure(tools.swaglint([path.join(root, 'fixtures', 'samples', 'orders.yaml')]));
if (baseline) measure(tools['swaglint (baseline)']([path.join(root, 'fixtures', 'samples', 'orders.yaml')]));
if (only.has('largest')) {
  const rows = compare('Largest corpus document (docusign esignature v2.1, 4.1 MB JSON)', [path.join(corpus, 'docusign', 'esignature.rest.swagger-v2.1.json')], peers);
  speedTargets('largest corpus document', rows, 4);
  const m = rows.spectral ? rows.spectral.rss / rows.swaglint.rss : NaN;
  if (rows.spectral) verdict('peak memory on the largest document at most half of Spectral\'s', m >= 2, `Spectral ${rows.spectral.rss.toFixed(0)} MB, swaglint ${rows.swaglint.rss.toFixed(0)} MB`);
}
if (only.has('panel')) {
  const names = ['swaglint', ...(baseline ? ['swaglint (baseline)'] : []), 'spectral', 'redocly'];
  // --panel-docs multi-file: only the panel documents whose short name holds one of these words
  const docs = opt('panel-docs', undefined)?.split(',');
  for (const doc of panel().filter((d) => !docs || docs.some((w) => d.short.includes(w)))) {
    // Spectral takes minutes on the DocuSign document (88.8 s on an idle machine): cut at --spectral-limit
    // seconds, its time is then a lower bound, and so is the ratio
    const rows = compare(`Panel: ${doc.title}`, [doc.file], names, runs, { spectral: Number(opt('spectral-limit', '120')) * 1000 });
    speedTargets(`panel, ${doc.short}`, rows, doc.json ? 4 : 3);
    if (rows['swaglint (baseline)']) {
      const b = rows['swaglint (baseline)'];
      verdict(`panel, ${doc.short}: peak RSS no higher than the baseline's (within 2 MB)`, rows.swaglint.rss <= b.rss + 2, `${rows.swaglint.rss.toFixed(0)} MB against ${b.rss.toFixed(0)} MB; wall ${(rows.swaglint.ms / b.ms).toFixed(3)}×, CPU ${(rows.swaglint.cpu / b.cpu).toFixed(3)}× the baseline's`);
    }
  }
}
if (only.has('panel-ruleset')) {
  // the panel once more, a team's ruleset beside each tool's defaults: targets ×4 Spectral (JSON) and ×10 (YAML), as issue 41 asks
  const docs = opt('panel-docs', undefined)?.split(',');
  for (const doc of panel().filter((d) => !docs || docs.some((w) => d.short.includes(w)))) {
    const rows = compare(`Panel with a team's ruleset: ${doc.title}`, [doc.file], ['swaglint + team ruleset', 'spectral + team ruleset'], runs, { 'spectral + team ruleset': Number(opt('spectral-limit', '120')) * 1000 });
    const target = doc.json ? 4 : 10;
    const s = rows['spectral + team ruleset'].ms / rows['swaglint + team ruleset'].ms;
    verdict(`panel with a team's ruleset, ${doc.short}: at least ${target}× faster than Spectral`, s >= target, `${s.toFixed(1)}×`);
  }
}
if (only.has('openapi3')) {
  const openapi3Document = opt('openapi3', undefined) ?? materialisePlaid();
  speedTargets('OpenAPI 3 document', compare(`Real OpenAPI 3.0 document (${path.basename(openapi3Document)}, ${(readFileSync(openapi3Document).length / 2 ** 20).toFixed(1)} MB)`, [openapi3Document], ['swaglint', 'swaglint --format json', 'spectral', 'redocly']), 3);
}
if (only.has('synth')) speedTargets('synthetic 2.9 MB document', compare('Synthetic 2.9 MB YAML (synth.py 2000: 4,000 paths)', [synth(2000)], peers), 3);
if (only.has('corpus')) {
  const docs = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')).filter((c) => !c[7].startsWith('fragment')).map((c) => path.join(corpus, c[0]));
  // swagger-cli validates one file per process: 300 Node starts a run, minutes for five runs; left out
  const rows = compare(`Whole corpus (${docs.length} documents that are no fragment; one invocation per tool)`, docs, ['swaglint', 'swaglint --format json', 'spectral', 'redocly']);
  speedTargets('whole corpus', rows);
  verdict('whole corpus in one run under 4 s', rows.swaglint.ms < 4000, `${(rows.swaglint.ms / 1000).toFixed(2)} s`);
  verdict('whole corpus in one run under 400 MB', rows.swaglint.rss < 400, `${rows.swaglint.rss.toFixed(0)} MB`);
}
if (only.has('parse')) {
  // in one process, the parser alone against the whole lint (bench/parse-vs-lint.mjs)
  const out = execFileSync(process.execPath, [path.join(here, 'parse-vs-lint.mjs'), synth(2000), '--runs', String(Math.max(runs, 7)), '--json'], { encoding: 'utf8' });
  const r = JSON.parse(out);
  console.log('\n### The whole lint against the parser alone (synth.py 2000, in one process)\n');
  console.log('| js-yaml `load` | `lintText` (recommended rules) | ratio |');
  console.log('|---|---|---|');
  console.log(`| ${r.parseMs.toFixed(0)} ms | ${r.lintMs.toFixed(0)} ms | ${r.ratio.toFixed(2)}× |`);
  verdict('whole lint within 2.5× of the parser alone on the 2.9 MB document', r.ratio <= 2.5, `${r.ratio.toFixed(2)}×`);
}
if (only.has('cold')) {
  const rows = compare('Cold start on a small document (fixtures/samples/orders.yaml; `swaglint lint FILE`, and with `--format json`)', [path.join(root, 'fixtures', 'samples', 'orders.yaml')], ['swaglint', 'swaglint --format json', 'swaglint --version', 'node -e 0'], Math.max(runs, 15));
  const c = rows.swaglint.ms / rows['node -e 0'].ms;
  verdict('cold start (`swaglint lint FILE`) within 2× of `node -e 0`', c <= 2, `${c.toFixed(2)}×`);
  verdict('`swaglint --version` faster than a lint', rows['swaglint --version'].ms < rows.swaglint.ms, `${rows['swaglint --version'].ms.toFixed(0)} ms against ${rows.swaglint.ms.toFixed(0)} ms`);
}
if (only.has('baseline')) {
  // the Swagger 2.0 figures against an earlier build: "no Swagger 2.0 figure gets slower" (issue 27)
  const sample = path.join(root, 'fixtures', 'samples', 'orders.yaml');
  for (const [title, files, runsHere] of [
    ['Swagger 2.0 against the baseline: largest corpus document (DocuSign, 4.1 MB JSON)', [path.join(corpus, 'docusign', 'esignature.rest.swagger-v2.1.json')], runs],
    ['Swagger 2.0 against the baseline: synthetic 2.9 MB YAML (synth.py 2000)', [synth(2000)], runs],
    ['Swagger 2.0 against the baseline: cold start on a small document (fixtures/samples/orders.yaml)', [sample], Math.max(runs, 15)],
  ]) {
    const rows = compare(`${title}; baseline ${baseline}`, files, ['swaglint', 'swaglint (baseline)'], runsHere);
    const ratio = rows.swaglint.ms / rows['swaglint (baseline)'].ms;
    const cpuRatio = rows.swaglint.cpu / rows['swaglint (baseline)'].cpu;
    // medians of a shared machine wander by a few percent between identical builds
    verdict(`${title.replace('Swagger 2.0 against the baseline: ', '')}: no slower than the baseline (within 3%)`, ratio <= 1.03, `${ratio.toFixed(3)}× the baseline's wall time, ${cpuRatio.toFixed(3)}× its CPU time`);
  }
}
if (only.has('scaling')) {
  console.log('\n### Scaling (swaglint alone)\n');
  console.log('| collections | paths | size | median wall | median peak RSS | step ratio |');
  console.log('|---|---|---|---|---|---|');
  let prev;
  for (const n of [1000, 4000, 16000, 30000]) {
    const file = synth(n);
    const samples = Array.from({ length: runs }, () => measure(tools['swaglint --format json']([file])));
    const ms = median(samples.map((s) => s.ms));
    const rss = median(samples.map((s) => s.rss));
    const mb = (readFileSync(file).length / 2 ** 20).toFixed(1);
    const step = prev && n === prev.n * 4 ? ms / prev.ms : undefined;
    console.log(`| ${n} | ${2 * n} | ${mb} MB | ${(ms / 1000).toFixed(2)} s | ${rss.toFixed(0)} MB | ${step ? step.toFixed(2) + '×' : ''} |`);
    if (step) verdict(`fourfold step ${prev.n} → ${n} collections at most 4.4× the time`, step <= 4.4, `${step.toFixed(2)}×`);
    if (n === 30000) verdict('30,000 collections (about 44 MB) within 15 s', ms <= 15_000, `${(ms / 1000).toFixed(1)} s`);
    prev = { n, ms };
  }
}
console.log(`\nLoad average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}.`);
console.log('\n### Targets\n');
for (const v of verdicts) console.log(v);

/**
 * The OpenAPI 3 document of the `openapi3` section, at bench/data/: `2020-09-14.yml` of plaid/plaid-openapi
 * at a pinned commit, written once, checked by its git blob id. From --plaid-git <git dir> (a clone or a
 * bare mirror that has the commit), else from bench/data/plaid-openapi.git, fetched at depth 1 if absent.
 */
function materialisePlaid() {
  const pinned = { url: 'https://github.com/plaid/plaid-openapi.git', commit: '26f1a0588c12e765e99c815300d94eae0a3c7dc1', file: '2020-09-14.yml', blob: '31fa5108d6caa9ee78030da9fd59729a9d3b8b45' };
  const target = path.join(here, 'data', `plaid-${pinned.file}`);
  const git = (gitDir, ...rest) => execFileSync('git', ['--git-dir', gitDir, ...rest], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (existsSync(target) && execFileSync('git', ['hash-object', target], { encoding: 'utf8' }).trim() === pinned.blob) return target;
  let gitDir = opt('plaid-git', undefined);
  if (!gitDir) {
    gitDir = path.join(here, 'data', 'plaid-openapi.git');
    if (!existsSync(gitDir)) {
      execFileSync('git', ['init', '--quiet', '--bare', gitDir]);
      git(gitDir, 'fetch', '--quiet', '--depth', '1', pinned.url, pinned.commit);
    }
  }
  const blob = git(gitDir, 'rev-parse', `${pinned.commit}:${pinned.file}`).trim();
  if (blob !== pinned.blob) throw new Error(`${pinned.file} at ${pinned.commit} in ${gitDir} is blob ${blob}, not ${pinned.blob}`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(`${target}.tmp`, git(gitDir, 'cat-file', 'blob', blob));
  renameSync(`${target}.tmp`, target);
  return target;
}

/**
 * Issue 41's panel, each document written once into bench/data/ from a pinned commit of its repository
 * (checked by git object id): nothing published is vendored.
 */
function panel() {
  const docusign = path.join(corpus, 'docusign', 'esignature.rest.swagger-v2.1.json');
  return [
    { short: 'Swagger 2.0 JSON', title: 'DocuSign eSignature v2.1, Swagger 2.0, 4.1 MB JSON (corpus)', file: docusign, json: true },
    { short: 'Swagger 2.0 YAML', title: 'synthetic Swagger 2.0, 2.9 MB YAML (synth.py 2000)', file: synth(2000), json: false },
    { short: 'OpenAPI 3.0 JSON', title: 'Bungie.net API, OpenAPI 3.0, 1.8 MB JSON (Bungie-net/api@da14826 openapi.json)', json: true,
      file: materialise({ repo: 'Bungie-net/api', commit: 'da148269144b9bd1ee4d37a0428800904ea5b0fe', path: 'openapi.json', id: '61eab6155a59b4d799a606512aab9ac0451e39af' }) },
    { short: 'OpenAPI 3.1 YAML', title: 'OpenAI API, OpenAPI 3.1, 3.0 MB YAML (openai/openai-openapi@f85dbe2 openapi.yaml)', json: false,
      file: materialise({ repo: 'openai/openai-openapi', commit: 'f85dbe223d40e1a31cba812ab2d755c7e98a92a3', path: 'openapi.yaml', id: 'cc54f3a8e4c6737bd945051cd6654e0a20913743' }) },
    { short: 'multi-file OpenAPI 3.0 YAML', title: 'InfluxDB OSS API, OpenAPI 3.0, multi-file YAML (influxdata/openapi@ad26a17 src/oss.yml and the files it references)', json: false,
      file: path.join(materialise({ repo: 'influxdata/openapi', commit: 'ad26a17809307a9b190d5ca0ef6d0a0f094993ff', path: 'src', id: '5935f0dbc6a5c236d055a187208700a8ee7253ea' }), 'oss.yml') },
  ];
}

/** A file or directory of a repository at a commit, at bench/data/<owner>+<name>@<commit>/<path>. */
function materialise({ repo, commit, path: inRepo, id }) {
  const slug = repo.replace('/', '+');
  const dir = path.join(here, 'data', `${slug}@${commit.slice(0, 7)}`);
  const target = path.join(dir, inRepo);
  if (existsSync(target)) return target;
  let gitDir = path.join(opt('mirrors', '/work/.mirror'), slug, 'repo');
  const git = (...rest) => execFileSync('git', ['--git-dir', gitDir, ...rest], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (!existsSync(gitDir)) {
    gitDir = path.join(here, 'data', `${slug}.git`);
    if (!existsSync(gitDir)) {
      execFileSync('git', ['init', '--quiet', '--bare', gitDir]);
      git('fetch', '--quiet', '--depth', '1', `https://github.com/${repo}.git`, commit);
    }
  }
  const object = git('rev-parse', `${commit}:${inRepo}`).trim();
  if (object !== id) throw new Error(`${inRepo} at ${commit} of ${repo} is ${object}, not ${id}`);
  const tmp = `${dir}.tmp`;
  mkdirSync(tmp, { recursive: true });
  execFileSync('sh', ['-c', `git --git-dir '${gitDir}' archive ${commit} '${inRepo}' | tar -x -C '${tmp}'`]);
  renameSync(tmp, dir);
  return target;
}

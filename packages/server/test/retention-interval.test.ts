// --retention-interval: how often retention sweeps (issue 40: it was an hour, fixed). Read from the
// command line as `serve` reads it, refused with one line and exit 2 when it is not a duration, and
// honoured over HTTP: revisions published after start are swept at the next interval, not an hour on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseServeArgs, serveCommand, type ServeIo } from '../src/cli.js';
import { sampleBundle, startService } from './helpers/service.js';
import { until } from './helpers/until.js';

function io(): ServeIo & { out: string; err: string } {
  const captured = {
    out: '',
    err: '',
    stdout: { write: (text: string) => (captured.out += text) },
    stderr: { write: (text: string) => (captured.err += text) },
    cwd: () => process.cwd(),
    env: {},
  };
  return captured;
}

function intervalOf(args: string[]): number | undefined {
  const parsed = parseServeArgs(['--keep-revisions', '3', ...args], io());
  assert.notEqual(parsed, 'help');
  return parsed === 'help' ? undefined : parsed.options.retention?.intervalMs;
}

test('--retention-interval takes seconds or a number with s, m, h or d; an hour by default', () => {
  assert.equal(intervalOf([]), 3_600_000);
  assert.equal(intervalOf(['--retention-interval', '90']), 90_000);
  assert.equal(intervalOf(['--retention-interval', '1.5s']), 1_500);
  assert.equal(intervalOf(['--retention-interval', '30m']), 1_800_000);
  assert.equal(intervalOf(['--retention-interval', '6h']), 21_600_000);
  assert.equal(intervalOf(['--retention-interval', '24d']), 24 * 86_400_000);
  const withDays = parseServeArgs(['--keep-days', '30', '--retention-interval', '1d'], io());
  assert.ok(withDays !== 'help');
  assert.equal(withDays.options.retention?.intervalMs, 86_400_000);
  const help = io();
  assert.equal(parseServeArgs(['--help'], help), 'help');
});

test('a --retention-interval that is no duration, or out of range, is one line naming the flag and exit 2', async () => {
  // 25d: past 2^31 ms a Node timer fires at once, a sweep after every sweep
  for (const value of ['0', '0.5s', 'soon', '-5m', '1h30m', '25d', '5 minutes', '']) {
    const run = io();
    // with '=': a value starting with a dash is the flag's, not another flag
    assert.equal(await serveCommand(['--keep-revisions', '3', `--retention-interval=${value}`], run), 2, value);
    assert.equal(run.err, `swaglint: --retention-interval ${value} should be a duration from 1s to 24d: seconds, or a number with s, m, h or d, such as 30m.\n`);
    assert.equal(run.out, '');
  }
  const alone = io();
  assert.equal(await serveCommand(['--retention-interval', '1h'], alone), 2);
  assert.equal(alone.err, 'swaglint: --retention-interval goes with --keep-revisions <n> or --keep-days <days>: without them every revision is kept and nothing is swept.\n');
  const help = io();
  assert.equal(await serveCommand(['--help'], help), 0);
  assert.match(help.out, /--retention-interval <d> {4}Time between sweeps/);
});

test('over HTTP, a service started with --retention-interval 1s sweeps what is published after its start', { timeout: 120_000 }, async () => {
  const parsed = parseServeArgs(['--keep-revisions', '1', '--retention-interval', '1s'], io());
  assert.ok(parsed !== 'help');
  const service = await startService(undefined, { retention: parsed.options.retention });
  try {
    const { token } = await service.token(['publisher', 'reader']);
    for (let i = 1; i <= 3; i++) {
      const published = await service.call('POST', '/apis/orders/revisions', { token, body: sampleBundle(`Orders ${i}`) });
      assert.equal(published.status, 201, JSON.stringify(published.body));
    }
    const listed = async () => (await service.call('GET', '/apis/orders/revisions', { token })).body.items.map((r: { id: number }) => r.id) as number[];
    // the sweep at start found nothing; the next ones, a second apart, remove 1 and 2
    await until('the sweep after the publishes', 30_000, async () => ((await listed()).length === 1 ? true : undefined));
    assert.deepEqual(await listed(), [3]);
    assert.ok(service.logs.some((line) => /^retention: removed [12] revision\(s\)$/.test(line)), service.logs.join('\n'));
  } finally {
    await service.dispose();
  }
});

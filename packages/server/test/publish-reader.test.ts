// The publish reader (issue 40: /health/ready under 16 clients publishing 1-4 MB): a publish's body is
// decoded, parsed, checked and serialised into its lint job's data in a worker thread; the API
// instance's event loop writes only the revision number in. What comes out must be the job's data
// exactly, and a bad body must be the same 4xx as before.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { HttpError } from '../src/http/errors.js';
import { PublishReader, withNumber as numbered, type InlinePublish, type PreparedPublish } from '../src/jobs/publish-reader.js';

/** With no database for its threads, the reader hands back the job's whole data. */
function withNumber(prepared: PreparedPublish, number: number): Buffer {
  assert.ok('payload' in prepared, 'a reader without a database returns the data inline');
  return numbered(prepared as InlinePublish & PreparedPublish, number);
}

const reader = new PublishReader(2);
const server = createServer((request, response) => {
  reader
    .read(request, { maxBodyBytes: 1024 * 1024, maxFiles: 3 }, { apiId: 'orders', publishedBy: 'token:ci', idempotencyKey: request.headers['x-key'] === undefined ? null : String(request.headers['x-key']) })
    .then((prepared) => {
      const payload = withNumber(prepared, Number(request.headers['x-number']));
      // jsonb's binary form: version 1, then the JSON text
      response.end(JSON.stringify({ version: payload[0], root: prepared.root, bytes: prepared.bytes, data: JSON.parse(payload.subarray(1).toString('utf8')) }));
    })
    .catch((error: unknown) => {
      response.statusCode = error instanceof HttpError ? error.status : 500;
      response.end(JSON.stringify({ code: error instanceof HttpError ? error.code : String(error) }));
    });
});
const base = await new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
after(async () => {
  await reader.close();
  await new Promise((resolve) => server.close(resolve));
});

async function post(body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json', 'x-number': '7', ...headers }, body });
  return { status: response.status, body: await response.json() };
}

test('a body becomes the lint job data the worker reads, with its revision number written in', async () => {
  const files = { 'api.yaml': "swagger: '2.0'\ninfo: {title: \"Ünïcode ✓\", version: '1'}\npaths: {}\n", 'defs/a.yaml': 'type: object\n' };
  const big = { 'api.json': JSON.stringify({ swagger: '2.0', info: { title: 'x'.repeat(300_000), version: '1' }, paths: {} }) };
  for (const [bundle, number, key] of [[{ root: 'api.yaml', files }, 7, 'key-12345678'], [{ root: 'api.json', files: big }, 123456789, undefined]] as const) {
    const answer = await post(JSON.stringify(bundle), { 'x-number': String(number), ...(key ? { 'x-key': key } : {}) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.version, 1);
    assert.equal(answer.body.root, bundle.root);
    assert.equal(answer.body.bytes, Object.values(bundle.files).reduce((sum: number, text: string) => sum + Buffer.byteLength(text), 0));
    assert.deepEqual(answer.body.data, { apiId: 'orders', root: bundle.root, publishedBy: 'token:ci', idempotencyKey: key ?? null, files: bundle.files, number });
  }
});

test('a bad body is the same 4xx as when the event loop read it', async () => {
  assert.deepEqual(await post('{"root": '), { status: 400, body: { code: 'invalid-json' } });
  assert.deepEqual(await post(JSON.stringify({ root: 'x.yaml', files: { 'api.yaml': 'a' } })), { status: 400, body: { code: 'invalid-bundle' } });
  assert.deepEqual(await post(JSON.stringify({ root: '../x', files: { '../x': 'a' } })), { status: 400, body: { code: 'invalid-bundle' } });
  assert.deepEqual(await post(JSON.stringify({ root: 'a', files: { a: 'a\u0000' } })), { status: 400, body: { code: 'invalid-bundle' } });
  assert.deepEqual(await post(JSON.stringify({ root: 'a', files: { a: '1', b: '2', c: '3', d: '4' } })), { status: 400, body: { code: 'invalid-bundle' } });
  const form = await fetch(base, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
  assert.equal(form.status, 415);
});

test('a body arrives in the thread chunk by chunk: over the limit without a declared length it is refused mid-way, and the thread reads the next', async () => {
  // a request's stand-in: its headers and its chunks, as a socket would deliver them
  const request = (chunks: string[]) => Object.assign(Readable.from(chunks.map((c) => Buffer.from(c))), { headers: { 'content-type': 'application/json' } }) as unknown as IncomingMessage;
  const limits = { maxBodyBytes: 1024 * 1024, maxFiles: 3 };
  const head = { apiId: 'orders', publishedBy: 'token:ci', idempotencyKey: null };
  const over = reader.read(request(['{"root": "a", "files": {"a": "', 'x'.repeat(700_000), 'x'.repeat(700_000), '"}}']), limits, head);
  await assert.rejects(over, (error: unknown) => error instanceof HttpError && error.status === 413);
  const text = 'swagger: "2.0"\n' + 'y'.repeat(200_000);
  const body = JSON.stringify({ root: 'a', files: { a: text } });
  const prepared = await reader.read(request([body.slice(0, 10), body.slice(10, 150_000), body.slice(150_000)]), limits, head);
  assert.equal(prepared.bytes, Buffer.byteLength(text));
  assert.deepEqual(JSON.parse(withNumber(prepared, 3).subarray(1).toString('utf8')), { ...head, root: 'a', files: { a: text }, number: 3 });
});

// POST /lint?url= fetches with a deadline for the whole answer (issue 40): a server that sends one
// byte a second never trips an idle timeout, and held a socket and a handler for as long as it sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchDocument } from '../src/fetch-document.js';
import { HttpError } from '../src/http/errors.js';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('a server that trickles its answer a byte at a time is given up on at the deadline, with a 422', { timeout: 60_000 }, async () => {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/yaml' });
    const drip = setInterval(() => response.write('#'), 100); // well inside any idle timeout
    timers.add(drip);
    response.on('close', () => clearInterval(drip));
  });
  const origin = await listen(server);
  try {
    await assert.rejects(fetchDocument(`${origin}/slow.yaml`, { origins: [origin], allowPrivate: true, maxBytes: 1_000_000, timeoutMs: 1_000 }), (error: unknown) => {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 422);
      assert.match(error.message, /did not send the document within 1 s/);
      return true;
    });
  } finally {
    for (const timer of timers) clearInterval(timer);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a server that never answers is given up on at the same deadline', { timeout: 60_000 }, async () => {
  const server = createServer(() => {}); // takes the request, never writes
  const origin = await listen(server);
  try {
    await assert.rejects(fetchDocument(`${origin}/silent.yaml`, { origins: [origin], allowPrivate: true, maxBytes: 1_000_000, timeoutMs: 500 }), /did not send the document within 0.5 s/);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a prompt server is read whole, as before', { timeout: 60_000 }, async () => {
  const server = createServer((_request, response) => response.end("swagger: '2.0'\n"));
  const origin = await listen(server);
  try {
    assert.deepEqual(await fetchDocument(`${origin}/specs/api.yaml`, { origins: [origin], allowPrivate: true, maxBytes: 1_000_000, timeoutMs: 5_000 }), { name: 'api.yaml', text: "swagger: '2.0'\n" });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

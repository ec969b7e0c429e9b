import type { IncomingMessage } from 'node:http';
import { HttpError, badRequest } from './errors.js';

/** Reads a JSON body of at most `limit` bytes; a larger one is refused as it arrives, not after. */
export async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  const text = (await readJsonBytes(request, limit)).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest('invalid-json', `The body is not JSON: ${(error as Error).message}.`);
  }
}

/** A JSON body's bytes, not decoded. */
export async function readJsonBytes(request: IncomingMessage, limit: number): Promise<Buffer> {
  checkJsonHead(request, limit);
  return readBytes(request, limit);
}

/** What can be refused before a JSON body is read: its type, and its declared length over `limit`. */
export function checkJsonHead(request: IncomingMessage, limit: number): void {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'unsupported-media-type', 'Send the body as application/json.');
  if (Number(request.headers['content-length'] ?? '0') > limit) throw tooLarge(limit);
}

export function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'body-too-large', `The body is over the service's limit of ${limit} bytes (--max-body).`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an HTML form's body (application/x-www-form-urlencoded) of at most `limit` bytes. */
export async function readForm(request: IncomingMessage, limit: number): Promise<URLSearchParams> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new HttpError(415, 'unsupported-media-type', 'Send the form as application/x-www-form-urlencoded.');
  return new URLSearchParams(await readText(request, limit));
}

/** The body as UTF-8 text, refused as soon as it is over `limit` bytes (its declared length first). */
async function readText(request: IncomingMessage, limit: number): Promise<string> {
  return (await readBytes(request, limit)).toString('utf8');
}

async function readBytes(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? '0');
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

import type { ServerResponse } from 'node:http';

/**
 * The one error body shape of every operation:
 *     { "error": { "status": 403, "code": "forbidden", "message": "..." } }
 * Messages say what was wrong and what to do; they never quote a credential.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: { status: number; code: string; message: string };
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  response.end(text);
}

export function sendError(response: ServerResponse, error: HttpError): void {
  const body: ErrorBody = { error: { status: error.status, code: error.code, message: error.message } };
  sendJson(response, error.status, body, error.headers);
}

export const unauthorized = (reason: string) =>
  new HttpError(401, 'unauthenticated', `Not authenticated: ${reason}.`, { 'www-authenticate': 'Bearer realm="swaglint", error="invalid_token"' });
export const forbidden = (what: string) => new HttpError(403, 'forbidden', `Not allowed: ${what}.`);
export const notFound = (what: string) => new HttpError(404, 'not-found', `${what} does not exist.`);
export const badRequest = (code: string, message: string) => new HttpError(400, code, message);

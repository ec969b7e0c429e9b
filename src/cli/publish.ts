import path from 'node:path';
import { UserError } from '../errors.js';
import { authHeaders, credentialsFor, redactUrl, type FetchOptions } from '../pipeline/inputs.js';
import type { Io } from './io.js';

/** The interface version of the lint service that this client speaks. */
const apiVersion = '1.0';

/**
 * `--publish <url>`: posts the linted document with every local file its `$ref`s reach, as one
 * bundle, as a new revision of the API at `url` (https://lint.example.com/apis/orders). The
 * credentials are the lint's own flags (`--bearer env:VAR`), bound to that URL's origin.
 */
/** A linted document: its uri and the texts the lint read (the document and its `$ref`'d files, by uri). */
export interface Linted {
  uri: string;
  texts: ReadonlyMap<string, string>;
}

export function publisher(url: string): (linted: readonly Linted[], fetchOptions: FetchOptions | undefined, io: Io) => Promise<void> {
  // checked before the lint runs: a typo in the flag should not cost a lint first
  const target = publishTarget(url);
  return (linted, fetchOptions, io) => publishDocument(target, linted, fetchOptions, io);
}

function publishTarget(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new UserError(`--publish ${redactUrl(url)} is not a URL; give the API's address on the lint service, such as https://lint.example.com/apis/orders.`);
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new UserError(`--publish ${redactUrl(url)} should be an http or https URL.`);
  if (!/\/apis\/[^/]+\/?$/.test(target.pathname)) throw new UserError(`--publish ${redactUrl(url)} should name one API: <service>/apis/<api_id>.`);
  return target;
}

/** Answers worth another attempt: the instance or its database is away for now. */
const retriable = new Set([502, 503, 504]);
const attempts = 5;

/**
 * Exponential backoff with full jitter (a random wait up to 0.5, 1, 2, 4 s): CI jobs that failed
 * together do not retry together, against a service just back from a restart.
 */
function backoffMs(attempt: number): number {
  return Math.random() * Math.min(8000, 250 * 2 ** attempt);
}

/** A `Retry-After` in seconds, at most 30 s; undefined when absent or a date. */
function retryAfterMs(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  return Math.min(Number(value.trim()), 30) * 1000;
}

async function publishDocument(target: URL, linted: readonly Linted[], fetchOptions: FetchOptions | undefined, io: Io): Promise<void> {
  if (linted.length !== 1) throw new UserError(`--publish posts one document, and ${linted.length} were found; run swaglint once per API.`);
  const bundle = bundleOf(linted[0]!);
  const revisions = new URL(target.href.replace(/\/?$/, '/revisions'));
  revisions.searchParams.set('api-version', apiVersion);
  // one key for this publish and its retries: the service stores the revision once however many arrive
  const headers = { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': process.getBuiltinModule('node:crypto').randomUUID(), ...authHeaders(revisions.href, credentialsFor(revisions.href, fetchOptions?.credentials)) };
  const post = () => fetch(revisions, { method: 'POST', headers, body: JSON.stringify(bundle), redirect: 'error', signal: AbortSignal.timeout(fetchOptions?.timeoutMs ?? 120_000) });
  let response: Response;
  for (let attempt = 1; ; attempt++) {
    let wait: number;
    try {
      response = await post();
      // an instance restarting, draining or without its database: another attempt, maybe elsewhere
      if (!retriable.has(response.status) || attempt === attempts) break;
      wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs(attempt);
      await response.body?.cancel();
    } catch (error) {
      // an instance gone (restarted, killed) answers nothing: the next one may; a timeout is final
      if ((error as Error).name === 'TimeoutError' || attempt === attempts) {
        const cause = (error as { cause?: { code?: string; message?: string; errors?: Array<{ code?: string }> } }).cause;
        const reason = (error as Error).name === 'TimeoutError' ? 'no answer in time' : (cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message);
        throw new UserError(`--publish: cannot reach ${target.origin} (${reason}).`);
      }
      wait = backoffMs(attempt);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const text = await response.text();
  let body: { id?: number; errors?: number; warnings?: number; error?: { message?: string } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not the service's JSON: the status says enough
  }
  if (response.status !== 201 && response.status !== 200 && response.status !== 202) {
    throw new UserError(`--publish: the service answered ${response.status}${body.error?.message ? `: ${body.error.message}` : ''}`);
  }
  const page = new URL(`/ui${target.pathname.replace(/\/$/, '')}/revisions/${body.id}`, target.origin);
  if (response.status === 202) {
    // a busy service took the publish and lints it in turn: the revision appears at its page when done
    io.stderr.write(`swaglint: published; the service is still linting it, as revision ${body.id}: ${page.href}\n`);
    return;
  }
  io.stderr.write(`swaglint: published revision ${body.id} (${body.errors} errors, ${body.warnings} warnings by the service's ruleset): ${page.href}\n`);
}

/**
 * The document and the files its `$ref`s load, by path relative to the folder that holds them all:
 * the very texts the lint read, so what is published is what was linted. A fetched document's
 * folder is its URL's, and its files those fetched from the same origin.
 */
function bundleOf(linted: Linted): { root: string; files: Record<string, string> } {
  const { paths, at } = placesOf(linted.uri);
  const local = [...linted.texts].flatMap(([uri, text]) => {
    const place = at(uri);
    return place === undefined ? [] : [[place, text] as const];
  });
  const rootPlace = at(linted.uri)!;
  let base = paths.dirname(rootPlace);
  while (local.some(([place]) => paths.relative(base, place).startsWith('..'))) base = paths.dirname(base);
  const name = (place: string) => paths.relative(base, place).split(paths.sep).join('/');
  const root = name(rootPlace);
  if (root === '') throw new UserError(`--publish: ${redactUrl(linted.uri)} names no file; publish a URL that ends in the document's file name.`);
  return { root, files: Object.fromEntries(local.map(([place, text]) => [name(place), text])) };
}

/** Where the bundle's files are: local paths, or the paths of URLs on the fetched document's origin. */
function placesOf(rootUri: string): { paths: path.PlatformPath; at: (uri: string) => string | undefined } {
  const remote = URL.parse(rootUri);
  if (!remote || !/^https?:$/.test(remote.protocol)) return { paths: path, at: (uri) => (path.isAbsolute(uri) ? uri : undefined) };
  return {
    paths: path.posix,
    at: (uri) => {
      const url = URL.parse(uri);
      return url?.origin === remote.origin ? decodeURIComponent(url.pathname) : undefined;
    },
  };
}

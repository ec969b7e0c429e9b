import { lookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { HttpError, badRequest } from './http/errors.js';

// `POST /lint` with a URL: the service fetches one document, on behalf of whoever asked, from inside
// the organization's network. Only origins on the allow-list (`--lint-url-origin`), and never an
// address that is private, loopback or link-local (cloud metadata, the database, the service
// itself) unless `--lint-url-private` says so. The address is checked where the connection is made,
// so a name that resolves to a public address when checked and a private one when used cannot slip by.

export interface UrlFetchOptions {
  /** Origins (`https://specs.example.com`) the service may fetch documents from; none: no fetching. */
  origins: readonly string[];
  /** Whether those origins may resolve to private, loopback or link-local addresses. */
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
}

const privateRanges = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) privateRanges.addSubnet(network, prefix, 'ipv6');

/** Whether `address` is private, loopback, link-local or otherwise not a public host (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
  return privateRanges.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** The document at `url`, as text, or an HttpError that says why not. */
export async function fetchDocument(url: string, options: UrlFetchOptions): Promise<{ name: string; text: string }> {
  const target = URL.parse(url);
  if (!target || (target.protocol !== 'https:' && target.protocol !== 'http:') || target.username || target.password) throw badRequest('invalid-url', 'url should be an http(s) URL without user name or password.');
  if (!options.origins.includes(target.origin)) {
    throw new HttpError(403, 'url-not-allowed', `The service fetches documents only from the origins it is configured with (--lint-url-origin); ${target.origin} is not one. Post the document's text instead.`);
  }
  const checkedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as Array<{ address: string; family: number }>;
      const refused = options.allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), '', 4);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  // a deadline for the whole fetch: the request's own `timeout` is an idle timeout, which a server
  // sending a byte a second never reaches, holding a socket and a handler for as long as it likes
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const tooSlow = () => new HttpError(422, 'url-unreachable', `${target.origin}${target.pathname} did not send the document within ${options.timeoutMs / 1000} s.`);
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    // a literal address skips the lookup: checked here instead
    if (isIP(target.hostname.replace(/^\[|\]$/g, '')) && !options.allowPrivate && isPrivateAddress(target.hostname.replace(/^\[|\]$/g, ''))) {
      reject(Object.assign(new Error('private address'), { code: 'EPRIVATE' }));
      return;
    }
    const outgoing = send(target, { method: 'GET', lookup: checkedLookup, headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5' }, timeout: options.timeoutMs, signal: deadline }, resolve);
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    outgoing.on('error', reject);
    outgoing.end();
  }).catch((error: NodeJS.ErrnoException) => {
    if (deadline.aborted) throw tooSlow();
    if (error.code === 'EPRIVATE') throw new HttpError(403, 'url-not-allowed', `${target.host} is a private, loopback or link-local address, which the service does not fetch (--lint-url-private allows it).`);
    throw new HttpError(422, 'url-unreachable', `Cannot fetch ${target.origin}${target.pathname} (${error.code ?? 'no answer'}).`);
  });
  if (response.statusCode !== 200) {
    response.resume();
    // a redirect is not followed: its target would need the same checks, and the client can post the final URL
    throw new HttpError(422, 'url-unreachable', `${target.origin}${target.pathname} answered ${response.statusCode}${response.statusCode! >= 300 && response.statusCode! < 400 ? ' (a redirect, which the service does not follow)' : ''}.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) {
        response.destroy();
        throw new HttpError(422, 'document-too-large', `The document at ${target.origin}${target.pathname} is over the service's limit of ${options.maxBytes} bytes.`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (deadline.aborted && !(error instanceof HttpError)) throw tooSlow();
    throw error;
  }
  let last = '';
  try {
    last = decodeURIComponent(target.pathname.split('/').pop() ?? '');
  } catch {
    // a malformed escape: the name below
  }
  return { name: /^[A-Za-z0-9._-]{1,255}$/.test(last) && !/^\.+$/.test(last) ? last : 'document.yaml', text: Buffer.concat(chunks).toString('utf8') };
}

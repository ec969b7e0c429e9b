import { UserError } from '../errors.js';
import { isRemote, redactUrl, type Credential, type FetchOptions, type OriginCredentials } from '../pipeline/inputs.js';
import { promptPassword } from './prompt-password.js';
import type { Io } from './io.js';

/** The flags that say how to fetch documents given as URLs, as yargs parsed them. */
export interface RemoteArgs {
  auth?: string;
  header: string[];
  bearer?: string;
  authOrigin: string[];
  resolveRemote: boolean;
  /** Seconds. */
  timeout?: number;
}

const oauthVariables = ['SWAGLINT_OAUTH_CONSUMER_KEY', 'SWAGLINT_OAUTH_CONSUMER_SECRET', 'SWAGLINT_OAUTH_TOKEN', 'SWAGLINT_OAUTH_TOKEN_SECRET'] as const;

/**
 * Flags and environment → the library's fetch options. Credentials are bound to the origins of the
 * URLs on the command line plus each --auth-origin, and to nothing else. A message about a flag
 * names the flag or the variable, never the secret in it.
 */
export async function fetchOptionsFrom(args: RemoteArgs, files: readonly string[], io: Io): Promise<FetchOptions> {
  const credentials: Credential[] = [];
  const urls = files.filter(isRemote);
  const basic = args.auth ?? io.env['SWAGLINT_AUTH'];
  const basicFrom = args.auth !== undefined ? '--auth' : 'SWAGLINT_AUTH';
  if (basic !== undefined && basic !== '') credentials.push(await basicCredential(basic, basicFrom, urls, io));
  for (const header of args.header) credentials.push(headerCredential(header, io));
  if (args.bearer !== undefined) credentials.push({ type: 'bearer', token: fromEnv(args.bearer, '--bearer', io) });
  const oauth = oauthCredential(io);
  if (oauth) credentials.push(oauth);
  const authorizations = credentials.filter((c) => c.type !== 'header').length;
  if (authorizations > 1) throw new UserError('Use one of --auth (or SWAGLINT_AUTH), --bearer and the SWAGLINT_OAUTH_* variables: each sets the Authorization header.');

  const origins = new Set<string>();
  for (const url of urls) origins.add(new URL(url).origin);
  for (const o of args.authOrigin) origins.add(originFlag(o));
  const list: OriginCredentials[] = [];
  if (credentials.length > 0) for (const origin of origins) list.push({ origin, auth: credentials });
  const flagged = args.auth !== undefined || args.header.length > 0 || args.bearer !== undefined;
  if (flagged && origins.size === 0) io.stderr.write('swaglint: no URL on the command line and no --auth-origin: the credentials given are sent nowhere.\n');
  // a URL's own user-info (https://user:password@host/…) is Basic for that URL's origin, if nothing else is
  for (const url of urls) {
    const u = new URL(url);
    if ((u.username || u.password) && authorizations === 0) list.push({ origin: u.origin, auth: { type: 'basic', user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) } });
  }

  if (args.timeout !== undefined && !(Number.isFinite(args.timeout) && args.timeout > 0)) throw new UserError(`--timeout ${args.timeout} should be a number of seconds above 0, such as --timeout 30.`);
  const debug = io.env['SWAGLINT_DEBUG'] ? (line: string) => io.stderr.write(`swaglint: debug: ${line}\n`) : undefined;
  return {
    resolveRemote: args.resolveRemote,
    credentials: list,
    ...(args.timeout !== undefined ? { timeoutMs: Math.round(args.timeout * 1000) } : {}),
    ...(debug ? { debug } : {}),
  };
}

async function basicCredential(value: string, flag: string, urls: string[], io: Io): Promise<Credential> {
  // the first colon splits: a password may hold colons, a user name may not
  const colon = value.indexOf(':');
  const user = colon === -1 ? value : value.slice(0, colon);
  if (user === '') throw new UserError(`${flag} needs a user name: ${flag === '--auth' ? '--auth <user>[:<password>]' : 'SWAGLINT_AUTH=<user>[:<password>]'}.`);
  if (colon !== -1) return { type: 'basic', user, password: value.slice(colon + 1) };
  const where = urls.length > 0 ? ` at ${new URL(urls[0]!).origin}` : '';
  const password = await promptPassword(
    `Password for ${user}${where}: `,
    io,
    `${flag} ${user} has no password and there is no terminal to ask for one; pass ${flag === '--auth' ? '--auth <user>:<password>' : 'SWAGLINT_AUTH=<user>:<password>'} or set SWAGLINT_AUTH from a secret store.`,
  );
  return { type: 'basic', user, password };
}

function headerCredential(flag: string, io: Io): Credential {
  const colon = flag.indexOf(':');
  const name = colon === -1 ? '' : flag.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw new UserError(`--header should read 'Name: value' (or 'Name: env:VARIABLE'), such as --header 'X-Service-Authentication: env:SERVICE_AUTH'.`);
  }
  const value = fromEnv(flag.slice(colon + 1).trim(), `--header ${name}`, io);
  if (/[\r\n\0]/.test(value)) throw new UserError(`--header ${name}: the value holds a line break or NUL, which a header cannot carry.`);
  return { type: 'header', name, value };
}

/** `env:NAME` reads the variable (so the secret stays out of shell history and process lists). */
function fromEnv(value: string, flag: string, io: Io): string {
  if (!value.startsWith('env:')) {
    if (value === '') throw new UserError(`${flag} is empty.`);
    return value;
  }
  const variable = value.slice(4);
  const found = io.env[variable];
  if (found === undefined || found === '') throw new UserError(`${flag}: the environment variable ${variable} is not set (or empty).`);
  return found;
}

function oauthCredential(io: Io): Credential | undefined {
  const [key, secret, token, tokenSecret] = oauthVariables.map((v) => io.env[v] || undefined);
  if (![key, secret, token, tokenSecret].some((v) => v !== undefined)) return undefined;
  const missing = oauthVariables.filter((v, i) => [key, secret, token, tokenSecret][i] === undefined && (i < 2 || token !== undefined || tokenSecret !== undefined));
  if (missing.length > 0) throw new UserError(`OAuth 1.0 signing needs ${missing.join(' and ')} set as well.`);
  return { type: 'oauth1', consumerKey: key!, consumerSecret: secret!, ...(token !== undefined ? { token, tokenSecret: tokenSecret! } : {}) };
}

function originFlag(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UserError(`--auth-origin ${redactUrl(value)} is not a URL; give the scheme and host, such as --auth-origin https://api.example.com.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UserError(`--auth-origin ${redactUrl(value)} should be an http or https origin.`);
  return url.origin;
}

import type { IncomingMessage } from 'node:http';
import type { AuthenticateResult, AuthenticationHandler } from './authentication.js';
import { ClaimsPrincipal, ClaimTypes, reservedNameReason } from './claims.js';

/**
 * Integrated sign-in (operating system, Kerberos) done by a reverse proxy in front of the service,
 * which hands over the user in `X-Forwarded-User` (and groups in the header `--proxy-groups-header` names, if any). Accepted only
 * from the configured proxy addresses: from anyone else, the header is ignored.
 */
export class TrustedProxyHandler implements AuthenticationHandler {
  readonly scheme = 'trusted-proxy';

  /**
   * `groupsHeader`: the header the proxy sets to the user's groups, comma-separated; without one, no
   * groups are read. A proxy that sets only the user passes the client's own headers through, so a
   * groups header trusted by default would let anyone name their groups (and roles).
   */
  constructor(
    private readonly proxies: readonly string[],
    private readonly groupsHeader?: string,
  ) {}

  async authenticate(request: IncomingMessage): Promise<AuthenticateResult> {
    const user = request.headers['x-forwarded-user'];
    if (typeof user !== 'string' || user === '') return { kind: 'none' };
    const from = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    if (!this.proxies.includes(from)) return { kind: 'none' };
    const reserved = reservedNameReason(user);
    if (reserved) return { kind: 'fail', reason: `the proxy's user ${reserved}` };
    const header = this.groupsHeader === undefined ? undefined : request.headers[this.groupsHeader.toLowerCase()];
    const groups = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((g) => g.trim()).filter(Boolean);
    return {
      kind: 'success',
      principal: new ClaimsPrincipal([
        { type: ClaimTypes.name, value: user },
        { type: ClaimTypes.authenticationMethod, value: this.scheme },
        ...groups.map((value) => ({ type: ClaimTypes.group, value })),
      ]),
    };
  }
}

// Claims-based identity, after the interface specification: an authenticated principal carries
// claims with URI-style types; a claims transformation adds role claims; the well-known role claim
// type is read into the principal's roles, which policies test.

export const ClaimTypes = {
  name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  /** The well-known role claim type: its values are the principal's roles. */
  role: 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role',
  group: 'http://schemas.xmlsoap.org/claims/Group',
  scope: 'http://schemas.microsoft.com/identity/claims/scope',
  authenticationMethod: 'http://schemas.microsoft.com/ws/2008/06/identity/claims/authenticationmethod',
  /**
   * The identity a principal acts for (a service token: whoever created it). Its value is an
   * `Identity` as JSON; path authorization grants no more than every actor may have.
   */
  actor: 'http://schemas.xmlsoap.org/ws/2009/09/identity/claims/actor',
} as const;

/** Who a principal is to path authorization: a name and the groups its identity carried. */
export interface Identity {
  name: string;
  groups: readonly string[];
}

export interface Claim {
  readonly type: string;
  readonly value: string;
}

export class ClaimsPrincipal {
  constructor(readonly claims: readonly Claim[]) {}

  get name(): string {
    return this.find(ClaimTypes.name) ?? '';
  }

  /** The values of the well-known role claim type. */
  get roles(): ReadonlySet<string> {
    return new Set(this.all(ClaimTypes.role));
  }

  get groups(): readonly string[] {
    return this.all(ClaimTypes.group);
  }

  /** The identities this principal acts for, nearest first (a token made by a token made by a person). */
  get actors(): Identity[] {
    return this.all(ClaimTypes.actor).map((value) => JSON.parse(value) as Identity);
  }

  /** The principal as an identity, and its actors after it: what a token made by it acts for. */
  get delegation(): Identity[] {
    return [{ name: this.name, groups: this.groups }, ...this.actors];
  }

  isInRole(role: string): boolean {
    return this.roles.has(role);
  }

  find(type: string): string | undefined {
    return this.claims.find((c) => c.type === type)?.value;
  }

  all(type: string): string[] {
    return this.claims.filter((c) => c.type === type).map((c) => c.value);
  }

  with(claims: readonly Claim[]): ClaimsPrincipal {
    return new ClaimsPrincipal([...this.claims, ...claims]);
  }
}

/**
 * Why a user name from an identity provider or a proxy cannot name a person here, or undefined when it
 * can: path authorization reads `@name` as a group, `*` as everyone and `token:name` as a service
 * token, so a user called any of those would take that entry's rights.
 */
export function reservedNameReason(name: string): string | undefined {
  if (name === '*' || name.startsWith('@')) return `'${name.slice(0, 100)}' reads as a group or everyone in path authorization`;
  if (name.startsWith('token:')) return `'${name.slice(0, 100)}' reads as a service token in path authorization`;
  return undefined;
}

/** The service's roles. */
export const roles = ['reader', 'publisher', 'ruleset-admin', 'token-admin'] as const;
export type Role = (typeof roles)[number];

/**
 * Configured mapping from what an identity carries to roles: `group:api-guild` (a group claim),
 * `scope:lint.publish` (a token scope) or `user:alice` (a name), each to one or more roles.
 */
export type RoleMap = ReadonlyMap<string, readonly Role[]>;

/** Parses `group:api-guild=ruleset-admin,token-admin` entries (the `--role-map` flag). */
export function parseRoleMap(entries: readonly string[]): RoleMap {
  const map = new Map<string, Role[]>();
  for (const entry of entries) {
    const m = /^((?:group|scope|user):[^=\s]+)=([a-z,-]+)$/.exec(entry);
    if (!m) throw new Error(`--role-map ${entry} should read group:<name>=<role>[,<role>], scope:<name>=<role> or user:<name>=<role>.`);
    const wanted = m[2]!.split(',');
    const unknown = wanted.find((r) => !(roles as readonly string[]).includes(r));
    if (unknown) throw new Error(`--role-map ${entry}: '${unknown}' is not a role; use ${roles.join(', ')}.`);
    map.set(m[1]!, [...(map.get(m[1]!) ?? []), ...(wanted as Role[])]);
  }
  return map;
}

/**
 * The claims transformation: after authentication, adds a role claim for every group, scope or
 * name the role map knows. Roles already present (a service token's) stay.
 */
export function transformClaims(principal: ClaimsPrincipal, map: RoleMap): ClaimsPrincipal {
  const keys = [...principal.all(ClaimTypes.group).map((g) => `group:${g}`), ...principal.all(ClaimTypes.scope).map((s) => `scope:${s}`), `user:${principal.name}`];
  const have = principal.roles;
  const added = new Set<string>();
  for (const key of keys) for (const role of map.get(key) ?? []) if (!have.has(role)) added.add(role);
  return added.size === 0 ? principal : principal.with([...added].map((value) => ({ type: ClaimTypes.role, value })));
}

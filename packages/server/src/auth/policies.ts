import type { ClaimsPrincipal, Role } from './claims.js';

/** Authorization policies: each names the roles (from role claims) any one of which satisfies it. */
export const policies = {
  read: ['reader', 'publisher', 'ruleset-admin', 'token-admin'],
  publish: ['publisher'],
  'change-ruleset': ['ruleset-admin'],
  'manage-tokens': ['token-admin'],
  /** Reading the audit log: the administrators. */
  audit: ['ruleset-admin', 'token-admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Policy = keyof typeof policies;

export function satisfies(principal: ClaimsPrincipal, policy: Policy): boolean {
  return policies[policy].some((role) => principal.isInRole(role));
}

// swaglint-server: the organization's lint service. `swaglint serve` calls serveCommand.
export { serveCommand, serveHelp, parseServeArgs, type ServeIo } from './cli.js';
export { startServer, apiVersions, type ServeOptions, type RunningService } from './server.js';
export { AuthenticationMiddleware, type AuthenticationOptions, type AuthenticationHandler, type AuthenticateResult } from './auth/authentication.js';
export { ClaimsPrincipal, ClaimTypes, transformClaims, parseRoleMap, roles, type Claim, type Role, type RoleMap } from './auth/claims.js';
export { parsePathAuthorization, type PathAuthorization, type Permission } from './auth/path-authorization.js';
export { policies, satisfies, type Policy } from './auth/policies.js';
export { openDatabase, type Database } from './db/database.js';
export { migrate } from './db/migrations.js';
export { routes } from './routes.js';

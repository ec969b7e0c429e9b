// Whether an error says the database cannot be reached right now (a restart, a failover, a full
// connection table), not that a query is wrong: such a request is worth retrying, elsewhere or soon,
// and is answered 503 with Retry-After rather than 500 (issue 40: a PostgreSQL restart gave 500s).

/** SQLSTATE classes and codes of an unavailable server: connection exceptions, shutdowns, no room. */
const unavailableStates = /^(08...|57P01|57P02|57P03|53300|53400)$/;
/** Socket errors on the way to the server. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** What node-postgres says of a connection lost or a pool whose connections failed, which carries no code. */
const clientMessages = /Connection terminated|connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end/i;

export function databaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (unavailableStates.test(code) || socketCodes.has(code))) return true;
  return typeof message === 'string' && clientMessages.test(message);
}

// What the edges (the CLI, the language server) read and send, from the loader below: the size limit,
// reading a document, what is remote, credentials and their redaction. The edges call the pipeline and
// nothing below it (test/import-cycles.test.ts); these are the loader's own answers, passed through.
export { maxDocumentBytes, megabytes } from '../load/limits.js';
export { readDocument } from '../load/read-document.js';
export { isRemote } from '../load/refs.js';
export { authHeaders, credentialsFor, secretsOf, type Credential, type FetchOptions, type OriginCredentials } from '../load/credentials.js';
export { redactSecrets, redactUrl } from '../load/redact.js';
export type { SourceCache } from '../load/load.js';

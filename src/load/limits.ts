/**
 * Bounds on what one document may cost. Each turns hostile input into one clear finding or error
 * instead of a stack overflow, an exponential walk or an out-of-memory crash. Real API descriptions
 * sit far inside them: the deepest document in the corpus nests about 20 levels, the largest is 4 MB.
 */

/**
 * Collections nested inside one another. js-yaml and jsonc-parser recurse once (or twice) per level
 * and overflow Node's default stack near 2,000 levels; the parsers stop at this depth, well before,
 * with the place where it was passed.
 */
export const maxDepth = 500;

/**
 * Nodes that YAML aliases may add to a document once expanded. A "billion laughs" document is a few
 * hundred bytes that expand to billions of nodes; anything that serializes or crawls the value
 * (a message quoting it, the `$ref` resolver) would run for hours.
 */
export const maxAliasExpansion = 1_000_000;

/**
 * Bytes of one document. A lint peaks at about 17 times its text in memory (measured: the 42.7 MB
 * synthetic document of 60,000 paths, `synth.py 30000`, at 732 MB resident), so this keeps one lint
 * near 1 GB, well inside Node's default heap; the largest real description we know of is 4 MB. A
 * larger file is refused before it is read.
 */
export const maxDocumentBytes = 64 * 1024 * 1024;

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Redirects one fetch follows; more is a finding (a loop, or a server sending swaglint in circles). */
export const maxRedirects = 5;

/** One fetched document's budget, from connecting to the last byte, redirects included. */
export const defaultFetchTimeoutMs = 15_000;

/**
 * How long a ruleset's asynchronous JavaScript function may keep its promise unsettled. Spectral
 * waits for ever; an editor's session or the lint service cannot.
 */
export const asyncFunctionLimitMs = 30_000;

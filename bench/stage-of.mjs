// The stage of a lint a profiled frame belongs to, by the module it is in: shared by
// bench/cold-split.mjs and bench/cold-warm.mjs.

/** The stage a frame names, or undefined for one that does not (Node's, a package's, a helper's). */
export function stageOf(frame) {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (!url) return undefined;
  if (/\/dist\/src\/formats\/(swagger2\/validate\/|openapi3\/(validators\.js|openapi\d+-validator))/.test(url)) return 'validation (schema-valid)';
  if (/\/dist\/src\/load\/(positions|scalar-offsets|line-table)\.js$/.test(url)) return 'positions';
  if (/\/dist\/src\/format\//.test(url)) return 'output (format)';
  const rule = /\/dist\/rules\/([a-z0-9-]+)\.js$/.exec(url);
  if (rule) return rule[1] === 'schema-valid' ? 'validation (schema-valid)' : `rule ${rule[1]}`;
  if (/\/dist\/src\/load\/(refs|load|entry-refs)\.js$/.test(url)) return '$ref resolution';
  if (/\/dist\/src\/load\//.test(url) || /\/node_modules\/js-yaml\//.test(url)) return 'read + parse';
  if (/\/dist\/src\/lint\//.test(url)) return 'engine (walk, reports)';
  if (/\/dist\/src\/(pipeline|config|config-file|filters|formats)\//.test(url)) return 'pipeline (config, format detection, filters)';
  if (/\/dist\/src\/cli\//.test(url)) return 'CLI (arguments, files, writing)';
  return undefined;
}

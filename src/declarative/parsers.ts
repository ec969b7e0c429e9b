import type jsepType from 'jsep';

/** The two parsers a `given` needs: JSONPath-Plus's path splitter and jsep (with regex literals) for filters. */
export interface Parsers {
  toPathArray(path: string): readonly string[];
  jsep: typeof jsepType;
}

let loading: Promise<Parsers> | undefined;

/**
 * Loaded on first use, by a configuration that has declarative rules: a run without them never
 * loads either (they stay outside the CLI bundle, like the other modules only some runs need).
 */
export function loadParsers(): Promise<Parsers> {
  loading ??= (async () => {
    const [{ JSONPath }, { default: jsep }, { default: regex }] = await Promise.all([import('jsonpath-plus'), import('jsep'), import('@jsep-plugin/regex')]);
    jsep.plugins.register(regex);
    return { toPathArray: (p: string) => JSONPath.toPathArray(p), jsep };
  })();
  return loading;
}

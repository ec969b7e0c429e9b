import type jsepType from 'jsep';
import type regexType from '@jsep-plugin/regex';
import type { JSONPath as JSONPathType } from 'jsonpath-plus';
import { lazyPackage } from '../lazy-package.js';

/** The two parsers a `given` needs: JSONPath-Plus's path splitter and jsep (with regex literals) for filters. */
export interface Parsers {
  toPathArray(path: string): readonly string[];
  jsep: typeof jsepType;
}

let loading: Promise<Parsers> | undefined;

/**
 * Loaded on first use, by a configuration that has declarative rules: a run without them never
 * loads either (they stay outside the CLI bundle, like the other modules only some runs need).
 * Required (their CommonJS builds), not imported: an `import()` goes through Node's ES module
 * loader (resolving, translating, linking), a few milliseconds of a Spectral ruleset's run more.
 */
export function loadParsers(): Promise<Parsers> {
  loading ??= Promise.resolve().then(() => {
    const { JSONPath } = jsonPathPlus();
    const jsep = jsepPackage();
    jsep.plugins.register(regexPlugin());
    return { toPathArray: (p: string) => JSONPath.toPathArray(p), jsep };
  });
  return loading;
}

const jsonPathPlus = lazyPackage<{ JSONPath: typeof JSONPathType }>('jsonpath-plus');
const jsepPackage = lazyPackage<typeof jsepType>('jsep');
const regexPlugin = lazyPackage<typeof regexType>('@jsep-plugin/regex');

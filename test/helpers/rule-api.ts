// What a rule may import (docs/architecture.md, "Rules and the rule API"): the rule API, rules/ itself,
// node builtins and npm packages. The engine can then change behind the API without a rule noticing,
// and a rule cannot come to depend on how the loader works.
import path from 'node:path';
import { importsOf, sourceFiles } from './import-graph.js';

/** The rule API: the context and defineRule, the loader functions it offers, public types, text helpers, a format's kinds. */
export function inRuleApi(target: string): boolean {
  return (
    ['src/lint/rule.ts', 'src/lint/rule-helpers.ts', 'src/types.ts'].includes(target) ||
    /^src\/text\/[^/]+\.ts$/.test(target) ||
    // whether a value fits a schema: shared by the Swagger 2.0 rule and OpenAPI 3's check
    /^src\/values\/[^/]+\.ts$/.test(target) ||
    /^src\/formats\/[^/]+\/kinds\.ts$/.test(target) ||
    // which OpenAPI version a document follows: rules stay silent on one swaglint does not check
    target === 'src/formats/openapi3/version.ts'
  );
}

/**
 * Modules outside the rule API that one rule may still import, each with why. Shrink this list; never
 * grow it without a reason a reviewer accepts.
 */
export const exceptions: Record<string, { modules: string[]; why: string }> = {
  'rules/schema-valid.ts': {
    modules: ['src/formats/swagger2/validate/explain.ts', 'src/formats/swagger2/validate/load.ts', 'src/formats/swagger2/detect.ts', 'src/formats/openapi3/entry-points.ts', 'src/formats/openapi3/dialects.ts'],
    why: 'the official schema compiled to code at build time, the explanations of its errors, the misspelt swagger key another rule reports; OpenAPI 3: the kinds a `$ref`\'d file is checked as, and the Schema Object dialects the 3.1 schema checks',
  },
  'rules/schema-keyword-typo.ts': {
    modules: ['src/formats/openapi3/dialects.ts'],
    why: 'the Schema Object dialects the official schema checks: a schema under another dialect has other keywords, so no near miss is a typo there',
  },
  'rules/lib/openapi3.ts': {
    modules: ['src/formats/openapi3/validators.ts'],
    why: 'the official OpenAPI 3 schemas compiled to code at build time, which schema-valid runs, loaded on the first OpenAPI 3 document',
  },
  'rules/swagger-version.ts': {
    modules: ['src/formats/swagger2/detect.ts'],
    why: 'the misspelt swagger key that made the document Swagger 2.0 at all, as detection found it',
  },
  'rules/lib/lexicon.ts': {
    modules: ['src/paths.ts'],
    why: 'the WordNet table the build writes into dist/, found from the package root whether the rule runs bundled or not',
  },
  'rules/lib/plurals.ts': {
    modules: ['src/lazy-package.ts'],
    why: 'pluralize required on first use, so that a run with the path rules off never loads it; the helper resolves it from dist/src/, bundled or not',
  },
  'rules/description-markdown.ts': {
    modules: ['src/markdown/constructs.ts'],
    why: 'the Markdown reader shared with swaglint render, so both agree on what a construct is',
  },
};

export function ruleImportProblems(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles([path.join(root, 'rules')])) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const allowed = new Set(exceptions[rel]?.modules ?? []);
    for (const { to } of importsOf(file)) {
      const target = path.relative(root, to).split(path.sep).join('/');
      if (target.startsWith('rules/') || inRuleApi(target) || allowed.has(target)) continue;
      problems.push(`${rel} imports ${target}`);
    }
  }
  return problems;
}

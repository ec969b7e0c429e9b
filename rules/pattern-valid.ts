import { defineRule, type JsonObject, type Node, type RuleContext } from '../src/lint/rule.js';
import { versionChecked } from './lib/openapi3.js';
import { isObject } from './lib/resolve.js';
import { RegexCache } from '../src/text/regex-cache.js';
import { quote } from '../src/text/quote.js';

export default defineRule({
  meta: {
    id: 'pattern-valid',
    reach: 'node',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Every `pattern` is a valid ECMA-262 regular expression.',
    docs: `Swagger 2.0 takes \`pattern\` from JSON Schema, where it is an ECMA-262 (JavaScript) regular expression.
One that does not compile validates nothing, and code generators fail on it. Flags written inline as in
other engines (\`(?i)\`) are not ECMA-262 either. The finding gives the engine's reason.

Values (\`default\`, \`enum\`, examples) are matched against patterns by a linear-time engine, so that a
pattern such as \`^(a+)+$\` cannot make a run hang. A valid pattern that needs backtracking (a lookahead,
a backreference, a repeat count over 1000) is reported as a warning: values are not matched against it.

Fails:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: code, in: query, type: string, pattern: '^([A-Z]{2}$'}
        - {name: name, in: query, type: string, pattern: '(?i)^[a-z]+$'}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: code, in: query, type: string, pattern: '^[A-Z]{2}$'}
        - {name: name, in: query, type: string, pattern: '^[A-Za-z]+$'}
\`\`\``,
  },
  create: (ctx) => {
    if (ctx.format.id === 'openapi3') return versionChecked(ctx) ? { Schema: (schema, node) => openapi3Patterns(ctx, schema, node) } : {};
    const regexes = new RegexCache();
    const check = (value: JsonObject, node: Node) => {
      const pattern = value['pattern'];
      if (typeof pattern !== 'string') return;
      const compiled = regexes.get(pattern);
      if (compiled.ok) return;
      if (compiled.kind === 'unsupported') {
        ctx.report({
          node,
          property: 'pattern',
          at: 'value',
          severity: 'warn',
          message: `pattern ${quote(pattern)} cannot be matched in linear time: ${compiled.reason}; values are not checked against it. Write it without backtracking constructs.`,
        });
        return;
      }
      ctx.report({
        node,
        property: 'pattern',
        at: 'value',
        message: `pattern ${quote(pattern)} is not a valid regular expression: ${compiled.reason}; write an ECMA-262 (JavaScript) expression, escaping literal brackets and parentheses with '\\'.`,
      });
    };
    return { Parameter: check, Items: check, Header: check, Schema: check };
  },
});

/**
 * OpenAPI 3: a schema's `pattern` and `patternProperties` keys are ECMA-262 regular expressions (read
 * with the u flag or without: a pattern either reads is valid). Not yet the Swagger 2.0 side's
 * linear-time check, whose findings differ.
 */
function openapi3Patterns(ctx: RuleContext, schema: JsonObject, node: Node): void {
  const check = (pattern: string, property: string[], at: 'key' | 'value') => {
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      try {
        new RegExp(pattern);
      } catch {
        ctx.report({ node, property, at, message: `\`${pattern}\` is not a regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}.` });
      }
    }
  };
  const pattern = schema['pattern'];
  if (typeof pattern === 'string') check(pattern, ['pattern'], 'value');
  const patternProperties = schema['patternProperties'];
  if (isObject(patternProperties)) for (const key of Object.keys(patternProperties)) check(key, ['patternProperties', key], 'key');
}

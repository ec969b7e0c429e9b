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
    messages: {
      // `what` is `pattern`, or (OpenAPI 3.1) `patternProperties key`
      invalid: "{{what}} {{pattern}} is not a valid regular expression: {{reason}}; write an ECMA-262 (JavaScript) expression, escaping literal brackets and parentheses with '\\'.",
      notLinear: '{{what}} {{pattern}} cannot be matched in linear time: {{reason}}; values are not checked against it. Write it without backtracking constructs.',
    },
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
          messageId: 'notLinear',
          data: { what: 'pattern', pattern: quote(pattern), reason: compiled.reason },
        });
        return;
      }
      ctx.report({
        node,
        property: 'pattern',
        at: 'value',
        messageId: 'invalid',
        data: { what: 'pattern', pattern: quote(pattern), reason: compiled.reason },
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
        // V8's message repeats the pattern (`Invalid regular expression: /x(/u: Unterminated group`): the reason alone, as the Swagger 2.0 side says it
        const reason = (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
        ctx.report({ node, property, at, messageId: 'invalid', data: { what: at === 'key' ? 'patternProperties key' : 'pattern', pattern: quote(pattern), reason } });
      }
    }
  };
  const pattern = schema['pattern'];
  if (typeof pattern === 'string') check(pattern, ['pattern'], 'value');
  const patternProperties = schema['patternProperties'];
  if (isObject(patternProperties)) for (const key of Object.keys(patternProperties)) check(key, ['patternProperties', key], 'key');
}

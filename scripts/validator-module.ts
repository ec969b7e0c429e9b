// Build step helper: turns ajv's standalone code (scripts/build-validator.ts, build-openapi3-validator.ts)
// into the module that ships. ajv writes each of its some 2,400 error sites as an object literal with
// every key spelled out and its own push onto the error list (~300 bytes a site, most of the 1.4 MB the
// three validators weighed); here each becomes a call of one function with the values in key order, so
// the error objects are the same, and the module is then minified. The installed size budget (issue 30)
// is what this is for; the code V8 parses on an OpenAPI 3 run shrinks with it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import ts from 'typescript';

/** The keys of ajv's error objects with `verbose: true`, in the order ajv writes them. */
const errorKeys = ['instancePath', 'schemaPath', 'keyword', 'params', 'message', 'schema', 'parentSchema', 'data'] as const;

// `const errN = {…};if(vErrors === null){vErrors = [errN];}else {vErrors.push(errN);}errors++;`: the
// closing text names the same errN, so the lazy match cannot run past its own site
const errorSite = /const (err\d+) = (\{.*?\});if\(vErrors === null\)\{vErrors = \[\1\];\}else \{vErrors\.push\(\1\);\}errors\+\+;/g;

/** The helper the sites call: appends one error, creating the list on the first. */
const helper = `function $pushError(vErrors, ${errorKeys.join(', ')}) {
  const error = { ${errorKeys.join(', ')} };
  if (vErrors === null) return [error];
  vErrors.push(error);
  return vErrors;
}
`;

/** The values of an error object literal in `errorKeys` order, or undefined when it is not one of ajv's verbose errors. */
function errorValues(literal: string): string[] | undefined {
  const file = ts.createSourceFile('site.js', `(${literal})`, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const statement = file.statements[0];
  if (!statement || !ts.isExpressionStatement(statement) || !ts.isParenthesizedExpression(statement.expression)) return undefined;
  const object = statement.expression.expression;
  if (!ts.isObjectLiteralExpression(object) || object.properties.length !== errorKeys.length) return undefined;
  const values: string[] = [];
  for (const [i, property] of object.properties.entries()) {
    if (!property.name || !ts.isIdentifier(property.name) || property.name.text !== errorKeys[i]) return undefined;
    if (ts.isShorthandPropertyAssignment(property)) values.push(property.name.text);
    else if (ts.isPropertyAssignment(property)) values.push(property.initializer.getText(file));
    else return undefined;
  }
  return values;
}

/**
 * ajv's standalone code, with its error sites compacted and minified: an ES module (ajv's `esm` output,
 * given a `require` for its runtime helpers) or a CommonJS one (ajv's default output), as `format` says.
 */
export function compactValidatorCode(standalone: string, format: 'esm' | 'cjs'): string {
  let sites = 0;
  const compacted = standalone.replace(errorSite, (whole, _name: string, literal: string) => {
    const values = errorValues(literal);
    if (!values) return whole;
    sites++;
    return `vErrors = $pushError(vErrors, ${values.join(', ')});errors++;`;
  });
  // ajv's code changed shape: the build must notice, not ship a validator that stopped compacting
  if (sites === 0) throw new Error('no error site of ajv\'s standalone code matched; update scripts/validator-module.ts');
  // ajv's ES module output still calls require() for its runtime helpers (formats, deep equality)
  // (a CommonJS module says `use strict` first itself: ajv's own directive no longer leads once the helper does)
  const prelude = format === 'esm' ? "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n" : "'use strict';\n";
  return transformSync(`${prelude}${helper}${compacted}`, { format, minify: true, target: 'node20', legalComments: 'none' }).code;
}

/** Writes a validator module (`.js` an ES module, `.cjs` CommonJS) via a temporary file, so a reader never sees half of one. */
export function writeValidatorModule(file: string, standalone: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, compactValidatorCode(standalone, file.endsWith('.cjs') ? 'cjs' : 'esm'));
  renameSync(temp, file);
}

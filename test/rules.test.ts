// Every rule's own cases (test/rules/<id>.ts, each a testRule(...) call), in one test process: 61
// processes that each load the linter cost more CPU than the cases themselves.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'rules');
for (const name of readdirSync(dir).filter((n) => n.endsWith('.js')).sort()) await import(pathToFileURL(path.join(dir, name)).href);

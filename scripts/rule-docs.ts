// Writes docs/rules/<id>.md for every built-in rule: a header generated from the rule's meta, so docs
// and code never disagree, above a marker; hand-written prose below the marker is kept.
//   npm run docs            write the pages
//   (test/catalog.test.ts checks that every page's header is current)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinRules } from '../rules/index.js';
import type { AnyRule } from '../src/lint/rule.js';
import { formats, formatsOf } from '../src/formats/index.js';

const formatNames: Record<string, string> = Object.fromEntries(formats.map((f) => [f.id, f.name]));

export const marker = '<!-- end of generated header: write prose below this line -->';

export function ruleHeader(rule: AnyRule): string {
  const { meta } = rule;
  const lines = [
    `# ${meta.id}`,
    '',
    `${meta.description}`,
    '',
    `- Severity in \`recommended\`: **${meta.severity}**${meta.severity === 'off' ? ` (in \`all\`: **${meta.allSeverity ?? 'warn'}**)` : ''}`,
    `- Category: **${meta.category ?? 'convention'}** (${meta.category === 'validity' ? 'the specification requires it' : 'a convention: the document is valid either way'})`,
    `- Formats: ${formatsOf(rule).map((id) => formatNames[id] ?? id).join(', ')}${meta.formats === 'all' ? ' (every format: it checks the file, not the API)' : ''}`,
    `- Source: [\`rules/${meta.id}.ts\`](../../rules/${meta.id}.ts)`,
  ];
  if (meta.options) {
    lines.push('', '## Options', '', '```json', JSON.stringify(meta.options, null, 2), '```');
    if (meta.defaults !== undefined) lines.push('', 'Defaults:', '', '```json', JSON.stringify(meta.defaults, null, 2), '```');
  }
  if (meta.docs) lines.push('', '## Details', '', meta.docs.trim());
  lines.push('', marker, '');
  return lines.join('\n');
}

export function docsPath(root: string, id: string): string {
  return path.join(root, 'docs', 'rules', `${id}.md`);
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  mkdirSync(path.join(root, 'docs', 'rules'), { recursive: true });
  for (const rule of builtinRules) {
    const file = docsPath(root, rule.meta.id);
    const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const at = old.indexOf(marker);
    const prose = at === -1 ? '' : old.slice(at + marker.length).replace(/^\n+/, '');
    writeFileSync(file, ruleHeader(rule) + (prose ? '\n' + prose : ''));
  }
  console.log(`wrote ${builtinRules.length} pages to docs/rules/`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

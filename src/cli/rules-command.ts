import type { ExitCode, Io } from './io.js';
import { ruleInfos } from './rule-info.js';
import { builtinRules } from '../../rules/index.js';

export function rulesCommand(format: 'text' | 'json', io: Io): ExitCode {
  const infos = ruleInfos();
  if (format === 'json') {
    const out = builtinRules.map(({ meta }) => ({
      id: meta.id,
      severity: meta.severity,
      ...(meta.category ? { category: meta.category } : {}),
      ...(meta.allSeverity ? { allSeverity: meta.allSeverity } : {}),
      description: meta.description,
      ...(meta.options ? { options: meta.options } : {}),
      docs: `docs/rules/${meta.id}.md`,
    }));
    io.stdout.write(JSON.stringify(out, null, 2) + '\n');
    return 0;
  }
  const width = Math.max(...infos.map((r) => r.id.length));
  for (const r of infos) io.stdout.write(`${r.id.padEnd(width)}  ${r.severity.padEnd(5)}  ${r.description}\n`);
  return 0;
}

import type { Severity } from '../types.js';
import type { Formatter } from './types.js';
import { flatten } from './flatten.js';
import { messageWithFolded } from './folded.js';
import { fingerprints } from './fingerprint.js';

/** GitLab's scale: info, minor, major, critical, blocker. */
const severities: Record<Severity, string> = { error: 'major', warn: 'minor', info: 'info', hint: 'info' };

/**
 * A GitLab Code Quality report: a JSON array of issues, each with a fingerprint stable across runs
 * (GitLab compares the merge request's report with the target branch's by fingerprint).
 */
export const gitlab: Formatter = (reports, context) => {
  const findings = flatten(reports, context.cwd);
  const prints = fingerprints(findings);
  const issues = findings.map((f, i) => ({
    type: 'issue',
    description: messageWithFolded(f.diagnostic),
    check_name: f.diagnostic.ruleId,
    fingerprint: prints[i]!,
    severity: severities[f.diagnostic.severity],
    location: { path: f.file, lines: { begin: f.line, end: f.endLine } },
  }));
  return JSON.stringify(issues, null, 2) + '\n';
};

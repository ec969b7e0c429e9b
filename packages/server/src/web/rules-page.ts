import type { RuleEntry } from '../linter.js';
import { escapeHtml as e, layout, path } from './html.js';

/** The rules an API is linted with (`GET /apis/{api_id}/rules` and its page). */
export interface RulesInForce {
  api_id: string;
  ruleset_id: string;
  preset: 'recommended' | 'all';
  items: Array<RuleEntry & { severity: string }>;
}

export function rulesPage(rules: RulesInForce): string {
  const rows = rules.items
    .map((r) => {
      const id = r.docs_url ? `<a href="${e(r.docs_url)}" rel="noreferrer">${e(r.id)}</a>` : e(r.id);
      return `<tr><td class="rule">${id}</td><td class="${e(r.severity)}">${e(r.severity)}</td><td>${e(r.category)}</td><td>${e(r.description)}</td></tr>`;
    })
    .join('\n');
  return layout(
    `${rules.api_id} rules`,
    `<h1>Rules for ${e(rules.api_id)}</h1><p>${rules.items.length} rules in force: ruleset <a href="${path('ui', 'rulesets', rules.ruleset_id)}">${e(rules.ruleset_id)}</a>, preset <strong>${e(rules.preset)}</strong>, each rule linked to its page.</p>
<table><thead><tr><th>Rule</th><th>Severity</th><th>Kind</th><th>What it checks</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

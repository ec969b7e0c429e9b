import { defineRule, type IgnoreKind } from '../src/lint/rule.js';

const where: Record<IgnoreKind, string> = { 'next-line': 'on the next line', line: 'on this line', region: 'in the region it disables', subtree: 'in this object' };
const directive: Record<IgnoreKind, string> = {
  'next-line': 'swaglint-disable-next-line',
  line: 'swaglint-disable-line',
  region: 'swaglint-disable',
  subtree: 'x-swaglint-ignore',
};

/**
 * Whether an ignore hid something is known only once the ignore filter has run over every rule's
 * findings: the rule reports from the engine's post-filter hook (`Filter:done`), which hands it the
 * ignores (or their ids) that hid nothing.
 */
export default defineRule({
  meta: {
    id: 'unused-ignore',
    category: 'convention',
    formats: 'all',
    severity: 'warn',
    description: 'An ignore comment or x-swaglint-ignore entry that hides no finding.',
    docs: `An ignore that hides nothing is left over from a finding that was fixed (or names a rule that
is off, or is misspelt): it would silently hide the next real finding there. Each rule id of
\`# swaglint-disable-next-line\`, \`# swaglint-disable-line\`, \`# swaglint-disable\` and \`x-swaglint-ignore\` is
checked on its own, and reported at the id; a directive that names no rule (it hides every rule) is
reported at the directive.

Fails (no trailing slash on the next line):

\`\`\`yaml
paths:
  # swaglint-disable-next-line path-trailing-slash
  /orders: {}
\`\`\`

Passes:

\`\`\`yaml
paths:
  # swaglint-disable-next-line path-trailing-slash
  /orders/: {}
\`\`\``,
  },
  create: (ctx) => ({
    'Filter:done'({ unusedIgnores }) {
      for (const u of unusedIgnores) {
        const what = u.ruleId === undefined ? 'no finding' : `no '${u.ruleId}' finding`;
        const named = u.ruleId === undefined ? '' : ` of '${u.ruleId}'`;
        ctx.report({ node: ctx.nodeAt(u.source, u.pointer), range: u.range, message: `This ${directive[u.kind]}${named} hides nothing (${what} ${where[u.kind]}); remove it.` });
      }
    },
  }),
});

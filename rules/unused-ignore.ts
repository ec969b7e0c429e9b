import { defineRule } from '../src/lint/rule.js';

/**
 * Reported by the engine's ignore filter (src/config/ignores.ts), not by a visitor: whether an
 * ignore hid something is known only after every rule has run. The rule is here so that it has a
 * severity, a place in the presets and a docs page, and can be turned off like any other.
 */
export default defineRule({
  meta: {
    id: 'unused-ignore',
    category: 'convention',
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
  create: () => ({}),
});

import { readFile } from 'node:fs/promises';
import { pathMatcher, sectionPattern, UserError } from '../linter.js';
import type { ClaimsPrincipal, Identity } from './claims.js';

/**
 * Which principal may read or publish which API: a file in the version-control server's
 * path-based authorization syntax, with the section headers and path inheritance of swaglint's
 * `.swaglint-paths` (the same pattern and matcher):
 *
 *     [groups]
 *     payments = carol, dave          members besides the groups an identity carries
 *     [lint:/apis]                    <repository>:/<path>; without `lint:`, any repository
 *     * = r                           every authenticated principal may read
 *     @api-guild = rw                 the group may read and publish
 *     [/apis/payments]                inherited by /apis/payments/revisions/...
 *     @payments = rw
 *     mallory =                       empty: denied here, whatever is inherited
 *
 * The most specific section with an entry for the principal decides. In it, an entry naming the
 * principal wins; otherwise the principal gets what its groups and `*` entries give together.
 */
export type Permission = '' | 'r' | 'rw';

interface Section {
  repository: string | undefined;
  matches: (path: string) => boolean;
  specificity: number;
  entries: Map<string, Permission>;
}

const rank: Record<Permission, number> = { '': 0, r: 1, rw: 2 };

function weaker(a: Permission, b: Permission): Permission {
  return rank[a] <= rank[b] ? a : b;
}

export interface PathAuthorization {
  /** The permission on this path: '' when nothing grants any. */
  permission(principal: ClaimsPrincipal, path: string): Permission;
}

export function parsePathAuthorization(file: string, text: string, repository: string): PathAuthorization {
  const fail = (line: number, column: number, message: string) => new UserError(`${file}:${line + 1}:${column + 1}: ${message}`);
  const sections: Section[] = [];
  const groups = new Map<string, Set<string>>();
  let current: Section | 'groups' | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const indent = raw.length - raw.trimStart().length;
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    if (line.startsWith('[')) {
      if (line === '[groups]') {
        current = 'groups';
        return;
      }
      const m = sectionPattern.exec(line);
      if (!m) throw fail(i, indent, `'${line}' is not a section; write [groups], [/apis/name] or [${repository}:/apis/name].`);
      const matcher = pathMatcher(m[2]!);
      current = { repository: m[1]?.trim(), matches: (p) => matcher.matches(p), specificity: matcher.specificity, entries: new Map() };
      sections.push(current);
      return;
    }
    const eq = line.indexOf('=');
    if (eq === -1) throw fail(i, indent, `'${line}' is not an entry; write <user> = rw, r, or nothing to deny.`);
    if (!current) throw fail(i, indent, `the entry '${line}' comes before any [section]; start with one such as [/apis].`);
    const who = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (who === '') throw fail(i, indent, `'${line}' names nobody before the =.`);
    if (current === 'groups') {
      groups.set(who, new Set(value.split(',').map((m) => m.trim()).filter(Boolean)));
      return;
    }
    if (value !== '' && value !== 'r' && value !== 'rw') throw fail(i, raw.indexOf(value, raw.indexOf('=')), `'${value}' is not a permission for '${who}'; use rw, r, or nothing to deny.`);
    current.entries.set(who, value);
  });
  const ordered = sections.filter((s) => s.repository === undefined || s.repository === repository).sort((a, b) => b.specificity - a.specificity);
  const single = (who: Identity, path: string): Permission => {
    const memberOf = new Set(who.groups);
    for (const [group, members] of groups) if (members.has(who.name)) memberOf.add(group);
    for (const section of ordered) {
      if (!section.matches(path)) continue;
      // a name that reads as a group or everyone is never the principal's own entry (the handlers refuse such names too)
      const own = who.name === '*' || who.name.startsWith('@') ? undefined : section.entries.get(who.name);
      if (own !== undefined) return own;
      const granted = [...section.entries].filter(([entry]) => entry === '*' || (entry.startsWith('@') && memberOf.has(entry.slice(1)))).map(([, p]) => p);
      if (granted.length === 0) continue;
      // an empty group entry denies only when no other matching entry in the section grants
      return granted.includes('rw') ? 'rw' : granted.includes('r') ? 'r' : '';
    }
    return '';
  };
  return {
    permission(principal, path) {
      // a service token gets no more than its creator (and the creator's creator...) would here
      let least: Permission = 'rw';
      for (const who of principal.delegation) {
        least = weaker(least, single(who, path));
        if (least === '') break;
      }
      return least;
    },
  };
}

export async function readPathAuthorization(file: string, repository: string): Promise<PathAuthorization> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UserError(`--path-auth ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  return parsePathAuthorization(file, text, repository);
}

/** Without a file, path authorization grants what the policies allow. */
export const allowAll: PathAuthorization = { permission: () => 'rw' };

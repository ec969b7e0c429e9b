import type { PosNode } from '../../src/load/positions.js';
import type { YamlResult } from '../../src/load/parse-yaml.js';

/**
 * The first difference between two readings of one YAML document, or `undefined`: the value (deep,
 * with each scalar's type and each mapping's key order), every node the position index answers
 * (start, end, key offsets, entry names, items), the duplicate keys and the alias count. Used to
 * hold the fast path to js-yaml's reading (test/yaml-fast-path.test.ts, bench/yaml-fast-check.mjs).
 */
export function yamlDifference(a: YamlResult, b: YamlResult): string | undefined {
  const value = valueDifference(a.value, b.value, '');
  if (value) return `value ${value}`;
  const pos = positionDifference(a.positions, b.positions, '');
  if (pos) return `positions ${pos}`;
  if (JSON.stringify(a.duplicates) !== JSON.stringify(b.duplicates)) return `duplicates ${JSON.stringify(a.duplicates)} vs ${JSON.stringify(b.duplicates)}`;
  if (a.aliases !== b.aliases) return `aliases ${a.aliases} vs ${b.aliases}`;
  return undefined;
}

function valueDifference(a: unknown, b: unknown, at: string): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return `at ${at || '/'}: ${show(a)} vs ${show(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `at ${at || '/'}: array vs not`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `at ${at || '/'}: prototypes differ`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('\u0000') !== kb.join('\u0000')) return `at ${at || '/'}: keys ${show(ka.slice(0, 8))} vs ${show(kb.slice(0, 8))}`;
  for (const k of ka) {
    const d = valueDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}/${k}`);
    if (d) return d;
  }
  return undefined;
}

function positionDifference(a: PosNode, b: PosNode, at: string): string | undefined {
  for (const f of ['start', 'end', 'keyStart', 'keyEnd'] as const) {
    if (a[f] !== b[f]) return `at ${at || '/'}: ${f} ${a[f]} vs ${b[f]}`;
  }
  const ia = a.items;
  const ib = b.items;
  if ((ia === undefined) !== (ib === undefined)) return `at ${at || '/'}: items ${ia?.length} vs ${ib?.length}`;
  if (ia && ib) {
    if (ia.length !== ib.length) return `at ${at || '/'}: ${ia.length} items vs ${ib.length}`;
    for (let i = 0; i < ia.length; i++) {
      const d = positionDifference(ia[i]!, ib[i]!, `${at}/${i}`);
      if (d) return d;
    }
  }
  const ea = a.entries;
  const eb = b.entries;
  if ((ea === undefined) !== (eb === undefined)) return `at ${at || '/'}: entries ${ea?.length} vs ${eb?.length}`;
  if (ea && eb) {
    if (ea.length !== eb.length) return `at ${at || '/'}: ${ea.length} entries vs ${eb.length}`;
    for (let i = 0; i < ea.length; i++) {
      if (ea[i]!.name !== eb[i]!.name) return `at ${at || '/'}: entry ${i} named ${show(ea[i]!.name)} vs ${show(eb[i]!.name)}`;
      const d = positionDifference(ea[i]!.node, eb[i]!.node, `${at}/${ea[i]!.name}`);
      if (d) return d;
    }
  }
  return undefined;
}

function show(v: unknown): string {
  const s = typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined ? String(v) : JSON.stringify(v);
  return `${typeof v}:${s && s.length > 80 ? s.slice(0, 80) + '…' : s}`;
}

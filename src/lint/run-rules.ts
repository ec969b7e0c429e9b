import { boundMessage } from '../text/quote.js';
import { severityRank, type Diagnostic, type RuleCategory, type Severity } from '../types.js';
import { categoryOf, type AnyRule, type FilterOutcome, type Node, type Report, type RuleContext, type RuleFormat, type AnyVisitors } from './rule.js';
import { walk, walker, type HandlerTable, type WalkHandler, type WalkStart } from './walk.js';
import { throwIfAborted, yieldToEventLoop } from './abort.js';
import { followRefs, refOf, resolveRef, type LoadedDocument, type RefTarget } from '../load/refs.js';
import { rangeOf, subRange, type Source } from '../load/source.js';
import { toPointer } from '../load/pointer.js';
import { LazyNode } from './node.js';
import { resolveAnchor } from './anchors.js';
import { RuleConfigurationError } from '../errors.js';
import type { Kind } from './shape.js';

export interface ActiveRule {
  rule: AnyRule;
  severity: Severity;
  options: unknown;
}

/** The rules' raw findings (no filter has run), and their hook for after the filter stage. */
export interface RulesRun {
  found: Diagnostic[];
  /** Runs the rules' `Filter:done` hooks with what the filter stage did; returns what they report. */
  afterFilter(outcome: FilterOutcome): Diagnostic[];
}

/** The rules over one walk of the document: their raw findings (the benches time this alone). */
export function runRules(doc: LoadedDocument, format: RuleFormat, rules: readonly ActiveRule[]): Diagnostic[] {
  return startRules(doc, format, rules).found;
}

/** `runRules` with the post-filter hooks kept for the filter stage to call. */
export function startRules(doc: LoadedDocument, format: RuleFormat, rules: readonly ActiveRule[]): RulesRun {
  const prepared = prepare(doc, format, rules);
  walk(doc, format.kinds, prepared.handlers);
  return finish(prepared);
}

function finish({ found, done, afterFilter, limit }: Prepared): RulesRun {
  for (const fn of done) fn();
  return {
    found: limit.close(found),
    afterFilter(outcome) {
      const from = found.length;
      for (const fn of afterFilter) fn(outcome);
      return found.slice(from);
    },
  };
}

/** Nodes visited between two looks at the signal: small enough to stop within a few ms. */
const CHUNK = 2000;

/**
 * `runRules` for a caller that may change its mind (an editor, on the next keystroke): the walk runs
 * in chunks, yielding to the event loop between them so an abort can arrive, and throws an
 * AbortError at the first chunk boundary after `signal` is aborted.
 */
export async function runRulesAsync(doc: LoadedDocument, format: RuleFormat, rules: readonly ActiveRule[], signal: AbortSignal): Promise<RulesRun> {
  throwIfAborted(signal);
  const prepared = prepare(doc, format, rules);
  const step = walker(doc, format.kinds, prepared.handlers);
  while (!step(CHUNK)) {
    await yieldToEventLoop();
    throwIfAborted(signal);
  }
  return finish(prepared);
}

/**
 * The rules over one subtree of the root document (`start`), for an editor's re-lint of what an edit
 * changed: their raw findings, or undefined when a rule needs more than the subtree (a `Document:done`
 * or `Filter:done` hook, or a visitor of a kind among `above`, the kinds of the start's ancestors, whose
 * visits the subtree walk would leave out). Only rules with `meta.reach: 'node'` belong here.
 */
export function runRulesAt(doc: LoadedDocument, format: RuleFormat, rules: readonly ActiveRule[], start: WalkStart, above: readonly string[]): Diagnostic[] | undefined {
  const prepared = prepare(doc, format, rules);
  if (prepared.done.length > 0 || prepared.afterFilter.length > 0) return undefined;
  for (const kind of above) if (prepared.handlers.has(kind) || prepared.handlers.has(`${kind}:exit`)) return undefined;
  const step = walker(doc, format.kinds, prepared.handlers, start);
  while (!step(Infinity));
  return finish(prepared).found;
}

interface Prepared {
  found: Diagnostic[];
  handlers: HandlerTable;
  done: Array<() => void>;
  afterFilter: Array<(outcome: FilterOutcome) => void>;
  limit: ReportLimit;
}

/** The characters of messages and pointers one document's findings may add up to. */
export const reportBudget = 8 * 1024 * 1024;

/**
 * Keeps one document's report proportional and capped: findings past the budget are counted, not
 * kept, and one `report-limit` finding at the document's start says how many, at the highest
 * severity dropped (so the exit code is what it would have been). A 68 KB document whose one path
 * has thousands of parameters gave thousands of findings, each carrying that path in its pointer.
 */
class ReportLimit {
  private used = 0;
  private dropped = 0;
  private worst: Severity = 'hint';
  private readonly rules = new Set<string>();

  constructor(private readonly doc: LoadedDocument) {}

  get full(): boolean {
    return this.used > reportBudget;
  }

  admit(d: Diagnostic): boolean {
    this.used += d.message.length + d.pointer.length;
    if (this.used <= reportBudget) return true;
    this.count(d.ruleId, d.severity);
    return false;
  }

  count(ruleId: string, severity: Severity): void {
    this.dropped++;
    this.rules.add(ruleId);
    if (severityRank[severity] > severityRank[this.worst]) this.worst = severity;
  }

  close(found: Diagnostic[]): Diagnostic[] {
    if (this.dropped === 0) return found;
    const rules = [...this.rules].sort();
    found.push({
      ruleId: 'report-limit',
      severity: this.worst,
      message: `${this.dropped} more findings (${rules.slice(0, 5).join(', ')}${rules.length > 5 ? ', …' : ''}) are not shown: this document's report reached its size limit; fix the findings shown and lint again.`,
      uri: this.doc.root.uri,
      pointer: '',
      range: rangeOf(this.doc.root, [], 'key'),
    });
    this.dropped = 0; // said once, however often the run is finished
    return found;
  }
}

function prepare(doc: LoadedDocument, format: RuleFormat, rules: readonly ActiveRule[]): Prepared {
  const found: Diagnostic[] = [];
  const limit = new ReportLimit(doc);
  const handlers: HandlerTable = new Map();
  const done: Array<() => void> = [];
  const afterFilter: Array<(outcome: FilterOutcome) => void> = [];
  for (const { rule, severity, options } of rules) {
    const ctx = ruleContext(rule.meta.id, categoryOf(rule), severity, doc, format, found, limit, rule.meta.messages);
    let broken = false; // one internal-error per rule, then silence
    const guard = (node: Node | undefined, fn: () => void) => {
      if (broken) return;
      try {
        fn();
      } catch (error) {
        broken = true;
        found.push(internalError(rule.meta.id, doc, node, error));
      }
    };
    let visitors: AnyVisitors = {};
    guard(undefined, () => {
      visitors = rule.create(ctx, { ...(rule.meta.defaults as object), ...(options as object) } as never);
    });
    for (const [kind, visit] of Object.entries(visitors)) {
      if (typeof visit !== 'function') continue;
      if (kind === 'Document:done') {
        done.push(() => guard(undefined, visit as () => void));
        continue;
      }
      if (kind === 'Filter:done') {
        afterFilter.push((outcome) => guard(undefined, () => (visit as (o: FilterOutcome) => void)(outcome)));
        continue;
      }
      // called for every node of its kind: a try here rather than a closure per call through `guard`
      const fn = visit as (v: unknown, n: Node) => void;
      const handler: WalkHandler = (value, node) => {
        if (broken) return;
        try {
          fn(value, node);
        } catch (error) {
          broken = true;
          found.push(internalError(rule.meta.id, doc, node, error));
        }
      };
      const list = handlers.get(kind);
      if (list) list.push(handler);
      else handlers.set(kind, [handler]);
    }
  }
  return { found, handlers, done, afterFilter, limit };
}

function ruleContext(ruleId: string, category: RuleCategory, severity: Severity, doc: LoadedDocument, format: RuleFormat, found: Diagnostic[], limit: ReportLimit, messages: Readonly<Record<string, string>> | undefined): RuleContext {
  // A place reached twice (a parameter shared by two operations, a file `$ref`'d from two places, a
  // path item and its operation both judging one parameter list) gives the same finding twice: the
  // engine keeps one, so rules need not remember what they reported. Reached under two API paths, it
  // is kept under each: path-scoped settings may keep one and drop the other.
  const reported = new Set<string>();
  const pathItems = format.kinds.pathItems;
  // JSON Schema 2020-12 documents (OpenAPI 3.1): a `$ref` no pointer resolves may name an `$id` or `$anchor`
  const anchored = (format.kinds.refKeywordKinds?.(doc.root.value).size ?? 0) > 0;
  const firstHop = (fromUri: string, ref: string): RefTarget => {
    const direct = resolveRef(doc, fromUri, ref);
    return direct.ok || !anchored ? direct : (resolveAnchor(doc, fromUri, ref) ?? direct);
  };
  return {
    ruleId,
    severity,
    document: doc,
    format,
    report(r: Report) {
      if (limit.full) {
        // past the budget: counted without building the finding (its pointer and range cost most)
        limit.count(ruleId, r.severity !== undefined && severityRank[r.severity] < severityRank[severity] ? r.severity : severity);
        return;
      }
      const d = toDiagnostic(ruleId, category, severity, r, messages);
      const apiPath = apiPathOf(doc, pathItems, r.node);
      const { start, end } = d.range;
      const key = `${d.uri}\0${start.line}:${start.character}:${end.line}:${end.character}\0${d.severity}\0${apiPath ?? ''}\0${d.message}`;
      if (reported.has(key)) return;
      reported.add(key);
      if (apiPath !== undefined) d.apiPath = apiPath;
      if (limit.admit(d)) found.push(d);
    },
    resolve(node) {
      // Most values name no `$ref`: the node itself, without building its pointer unless it is read.
      if (refOf(node.value) === undefined) {
        return {
          ok: true,
          source: node.source,
          value: node.value,
          get pointer() {
            return node.pointer;
          },
        };
      }
      if (!anchored) return followRefs(doc, node.source, [], node.value); // a `$ref`'s own pointer is never the answer
      const first = firstHop(node.source.uri, refOf(node.value)!);
      return first.ok ? followRefs(doc, first.source, first.pointer, first.value) : first;
    },
    child<T>(node: Node, key: string | string[], value?: T, kind: Kind = node.kind): Node<T> {
      if (typeof key === 'string') {
        // the common case, on hot paths: no keys array
        const v = value !== undefined ? value : node.value !== null && typeof node.value === 'object' ? (node.value as Record<string, unknown>)[key] : undefined;
        return new LazyNode(kind, v as T, node.source, key, node, undefined);
      }
      let v: unknown = value;
      if (v === undefined) {
        v = node.value;
        for (const k of key) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
      }
      if (key.length === 0) return new LazyNode(kind, v as T, node.source, node.key, node, undefined, node.pointer);
      return new LazyNode(kind, v as T, node.source, key[key.length - 1]!, node, key.length === 1 ? undefined : key.slice(0, -1));
    },
    nodeAt<T>(source: Source, pointer: readonly string[], place: { kind?: Kind; parent?: Node; key?: string } = {}): Node<T> {
      let v: unknown = source.value;
      // own properties only: a pointer segment `__proto__` names nothing in a parsed document
      for (const k of pointer) v = v !== null && typeof v === 'object' && Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined;
      return new LazyNode(place.kind ?? 'Value', v as T, source, place.key ?? pointer[pointer.length - 1] ?? '', place.parent, undefined, [...pointer]);
    },
    resolveRef(from, ref) {
      return firstHop(typeof from === 'string' ? from : from.uri, ref);
    },
  };
}

export function toDiagnostic(ruleId: string, category: RuleCategory, severity: Severity, r: Report, messages?: Readonly<Record<string, string>>): Diagnostic {
  const { node } = r;
  const message = r.messageId === undefined ? r.message : messageOf(ruleId, messages, r.messageId, r.data);
  const pointer = r.property === undefined ? node.pointer : node.pointer.concat(r.property);
  const range = r.range ?? (r.columns ? subRange(node.source, pointer, r.columns[0], r.columns[1], r.at) : rangeOf(node.source, pointer, r.at));
  // A finding's own severity may lower the configured one, never raise it.
  const level = r.severity !== undefined && severityRank[r.severity] < severityRank[severity] ? r.severity : severity;
  const d: Diagnostic = { ruleId, severity: level, category, message: boundMessage(message), uri: node.source.uri, pointer: toPointer(pointer), range };
  if (r.messageId !== undefined) d.messageId = r.messageId;
  if (r.suggestion !== undefined) d.suggestion = r.suggestion;
  if (r.fix !== undefined) d.fix = r.fix;
  if (r.related?.length) d.related = r.related;
  if (r.consequences?.length) {
    d.consequences = r.consequences.map(({ node: at, rules, exceptRules }) => ({
      uri: at.source.uri,
      pointer: toPointer(at.pointer),
      ...(rules ? { rules: [...rules] } : {}),
      ...(exceptRules ? { exceptRules: [...exceptRules] } : {}),
    }));
  }
  return d;
}

/**
 * A message id's template (`meta.messages`) with its `{{name}}` placeholders filled from `data`, as
 * ESLint does; a placeholder `data` does not name stays as written. An id the rule does not define is
 * the rule's bug: it throws, and the engine reports the rule's internal error.
 */
function messageOf(ruleId: string, messages: Readonly<Record<string, string>> | undefined, id: string, data: Readonly<Record<string, string | number>> | undefined): string {
  const template = messages !== undefined && Object.hasOwn(messages, id) ? messages[id] : undefined;
  if (template === undefined) throw new Error(`rule '${ruleId}' reported the message id '${id}', which its meta.messages does not define`);
  if (data === undefined) return template;
  let parts = templateParts.get(template);
  if (parts === undefined) {
    // templates are a rule's constants: a bound only against a rule that builds them per finding
    if (templateParts.size >= maxTemplates) templateParts.clear();
    templateParts.set(template, (parts = splitTemplate(template)));
  }
  let message = parts.texts[0]!;
  for (let i = 0; i < parts.names.length; i++) {
    const name = parts.names[i]!;
    message += (Object.hasOwn(data, name) ? String(data[name]) : parts.wholes[i]!) + parts.texts[i + 1]!;
  }
  return message;
}

/**
 * A template cut at its placeholders: the texts between them, each placeholder's name and how it is
 * written. Cut once per template: a replace with a function per finding was some 14 ms of a cold run
 * on a document of a few thousand findings (the DocuSign one).
 */
interface TemplateParts {
  texts: string[];
  names: string[];
  wholes: string[];
}

const templateParts = new Map<string, TemplateParts>();
const maxTemplates = 4096;

function splitTemplate(template: string): TemplateParts {
  const parts: TemplateParts = { texts: [], names: [], wholes: [] };
  let from = 0;
  for (const m of template.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)) {
    parts.texts.push(template.slice(from, m.index));
    parts.names.push(m[1]!);
    parts.wholes.push(m[0]);
    from = m.index + m[0].length;
  }
  parts.texts.push(template.slice(from));
  return parts;
}

/**
 * The API path (a key of the object at the format's `pathItems` pointer in the root document) that a
 * node is reached from. A node in a `$ref`'d file has the `$ref` that led to it as an ancestor, so the
 * walk's parent chain finds the path item it belongs to; a local `#/definitions/...` target is
 * visited where it is defined, under no path.
 */
function apiPathOf(doc: LoadedDocument, pathItems: readonly string[], node: Node | undefined): string | undefined {
  const depth = pathItems.length;
  for (let n = node; n; n = n.parent) {
    if (n.source !== doc.root) continue;
    const pointer = n.pointer;
    if (pointer.length <= depth) continue;
    let i = 0;
    while (i < depth && pointer[i] === pathItems[i]) i++;
    if (i === depth) return pointer[depth];
  }
  return undefined;
}

function internalError(ruleId: string, doc: LoadedDocument, node: Node | undefined, error: unknown): Diagnostic {
  const source = node?.source ?? doc.root;
  const pointer = node?.pointer ?? [];
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof RuleConfigurationError) {
    return { ruleId: 'config-error', severity: 'error', message: `Rule '${ruleId}' was stopped for this document: ${reason}. Fix the rule in its configuration.`, uri: source.uri, pointer: toPointer(pointer), range: rangeOf(source, pointer, 'key') };
  }
  return {
    ruleId: 'internal-error',
    severity: 'error',
    message: `Rule '${ruleId}' failed here and was stopped for this document: ${reason}. Please report this as a swaglint bug.`,
    uri: source.uri,
    pointer: toPointer(pointer),
    range: rangeOf(source, pointer, 'key'),
  };
}

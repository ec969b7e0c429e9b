import type { LoadedDocument } from '../load/refs.js';
import type { DeclarativeRuleSpec } from './types.js';
import { resolvedView, writtenView } from './resolved.js';
import { documentKindOf, documentKinds } from '../formats/spectral.js';

/**
 * What a ruleset's JavaScript function is given as `context`, as Spectral gives it: `document` (the
 * root file: its `data` as written, `source`, `formats`), `documentInventory` (`resolved`: the whole
 * document with its `$ref`s replaced, made when first read; `unresolved`; `findAssociatedItemForPath`),
 * `rule` (its name, severity, given, then…) and `path` (filled in per call).
 */
export interface SpectralContext {
  document: SpectralDocument;
  documentInventory: SpectralInventory;
  rule: Record<string, unknown>;
  path: Array<string | number>;
}

interface SpectralDocument {
  data: unknown;
  source: string;
  formats: Set<string>;
}

interface SpectralInventory {
  document: SpectralDocument;
  readonly resolved: unknown;
  unresolved: unknown;
  source: string;
  formats: Set<string>;
  graph: null;
  referencedDocuments: Record<string, SpectralDocument>;
  findAssociatedItemForPath(path: Array<string | number>, resolved: boolean): { document: SpectralDocument; path: Array<string | number>; missingPropertyPath: Array<string | number> };
}

const inventories = new WeakMap<LoadedDocument, SpectralInventory>();
const documents = new WeakMap<object, LoadedDocument>();

/** The document a function's `context` is about: what a core function called from a ruleset's code reads (unreferencedReusableObject's `$ref`s). */
export function documentOfContext(context: unknown): LoadedDocument | undefined {
  const inventory = context !== null && typeof context === 'object' ? (context as { documentInventory?: unknown }).documentInventory : undefined;
  return inventory !== null && typeof inventory === 'object' ? documents.get(inventory) : undefined;
}

function formatsOf(data: unknown): Set<string> {
  const kind = documentKindOf(data);
  return new Set(kind ? documentKinds[kind] : []);
}

/** The nearest existing path on the way to `path` in `data`. */
function closest(data: unknown, path: Array<string | number>): Array<string | number> {
  const out: Array<string | number> = [];
  let value = data;
  for (const seg of path) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, seg)) break;
    value = (value as Record<string, unknown>)[seg as string];
    out.push(seg);
  }
  return out;
}

export function inventoryOf(doc: LoadedDocument): SpectralInventory {
  let inventory = inventories.get(doc);
  if (inventory) return inventory;
  const data = doc.root.value;
  // functions read the document as written through a read-only view: the parsed one is the other rules'
  const asWritten = writtenView(doc)(data);
  // frozen: one function replacing `context.document.data` would change what the next one reads
  const document: SpectralDocument = Object.freeze({ data: asWritten, source: doc.root.uri, formats: formatsOf(data) });
  const view = resolvedView(doc);
  let resolved: unknown;
  let made = false;
  inventory = {
    document,
    get resolved() {
      if (!made) {
        resolved = view(data, doc.root.uri);
        made = true;
      }
      return resolved;
    },
    unresolved: asWritten,
    source: doc.root.uri,
    formats: document.formats,
    graph: null,
    referencedDocuments: {},
    findAssociatedItemForPath(path, isResolved) {
      return { document, path: closest(isResolved ? this.resolved : data, path), missingPropertyPath: path };
    },
  };
  Object.freeze(inventory);
  inventories.set(doc, inventory);
  documents.set(inventory, doc);
  return inventory;
}

const severities: Record<string, number> = { error: 0, warn: 1, info: 2, hint: 3, off: -1 };

/** A context for one rule on one document; `path` is set before each call. */
export function contextFor(doc: LoadedDocument, spec: DeclarativeRuleSpec): SpectralContext {
  const inventory = inventoryOf(doc);
  const rule = {
    name: spec.id.replace(/^spectral\//, ''),
    severity: severities[spec.severity] ?? 1,
    description: spec.description ?? null,
    message: spec.message ?? null,
    given: spec.given,
    then: spec.then.map((t) => ({ field: t.field, function: t.function, functionOptions: t.functionOptions })),
    resolved: spec.resolved !== false,
    formats: null,
    documentationUrl: spec.documentationUrl ?? null,
    enabled: true,
    recommended: true,
  };
  return { document: inventory.document, documentInventory: inventory, rule, path: [] };
}

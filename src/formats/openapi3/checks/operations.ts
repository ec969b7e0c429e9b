// Where the operations of a document are, with their path template and effective parameters: what
// several checks need and the model's flat list does not say (which path an operation is under).
import { isObject } from '../../../json.js';
import { pathItemOperations } from '../kinds.js';
import type { Json, Model, Place } from '../model.js';

export interface ParameterAt extends Place {
  value: Json;
}

export interface OperationAt extends Place {
  /** The path template (`/orders/{id}`); undefined for a webhook's operation. */
  path: string | undefined;
  method: string;
  value: Json;
  /** Path-item parameters overridden by the operation's own (same name and location). */
  parameters: ParameterAt[];
  /** The path item it is in (its `servers` apply to the operation). */
  item: PathItemAt;
}

export interface PathItemAt extends Place {
  path: string;
  value: Json;
  /** Where the template is written: the key under `paths`. */
  keyPlace: Place;
}

// Several checks and rules ask for these on one document: each is made once per model and shared (read it, never change it).
const itemsOf = new WeakMap<Model, PathItemAt[]>();
const operationsOfModel = new WeakMap<Model, OperationAt[]>();

/** Each path item under `paths`, its `$ref` followed. */
export function pathItems(model: Model): PathItemAt[] {
  let known = itemsOf.get(model);
  if (!known) itemsOf.set(model, (known = findPathItems(model)));
  return known;
}

function findPathItems(model: Model): PathItemAt[] {
  const root = model.doc.root;
  const paths = model.root['paths'];
  if (!isObject(paths)) return [];
  const out: PathItemAt[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith('/')) continue;
    const keyPlace = { source: root, pointer: ['paths', path] };
    const target = model.deref(keyPlace, item);
    if (target && isObject(target.value)) out.push({ path, keyPlace, source: target.source, pointer: target.pointer, value: target.value });
  }
  return out;
}

/** The parameters of a list, `$ref`s followed; those that do not resolve are ref-resolves' finding. */
export function parameterList(model: Model, place: Place, list: unknown): ParameterAt[] {
  if (!Array.isArray(list)) return [];
  const out: ParameterAt[] = [];
  list.forEach((entry, i) => {
    const target = model.deref({ source: place.source, pointer: [...place.pointer, String(i)] }, entry);
    if (target && isObject(target.value)) out.push({ source: target.source, pointer: target.pointer, value: target.value });
  });
  return out;
}

const identity = (p: Json) => `${String(p['in'])}\0${p['in'] === 'header' ? String(p['name']).toLowerCase() : String(p['name'])}`;

/** The operations of each path item under `paths`. */
export function operations(model: Model): OperationAt[] {
  let known = operationsOfModel.get(model);
  if (!known) operationsOfModel.set(model, (known = findOperations(model)));
  return known;
}

function findOperations(model: Model): OperationAt[] {
  const out: OperationAt[] = [];
  for (const item of pathItems(model)) {
    const shared = parameterList(model, { source: item.source, pointer: [...item.pointer, 'parameters'] }, item.value['parameters']);
    for (const entry of pathItemOperations(item.value)) {
      const { method, value: operation } = entry;
      const pointer = [...item.pointer, ...entry.pointer];
      const own = parameterList(model, { source: item.source, pointer: [...pointer, 'parameters'] }, operation['parameters']);
      const ownIds = new Set(own.map((p) => identity(p.value)));
      out.push({ path: item.path, method, value: operation, source: item.source, pointer, item, parameters: [...shared.filter((p) => !ownIds.has(identity(p.value))), ...own] });
    }
  }
  return out;
}

export { identity as parameterIdentity };

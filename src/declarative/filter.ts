import { patternRegex } from './functions.js';
import type jsep from 'jsep';
import type { Parsers } from './parsers.js';

/** What a filter expression (`[?(@.in == 'query')]`) sees of the node it tests. */
export interface FilterScope {
  /** `@`: the value tested. */
  value: unknown;
  /** `@property`: its key in its parent (a string, or a number for an array item). */
  property: string | number;
  /** `@parent`: the object or array that holds it. */
  parent: unknown;
  /** `@parentProperty`: the parent's own key. */
  parentProperty: string | number | undefined;
  /** `@root`: the document. */
  root: unknown;
  /** `@path`: JSONPath of the value (`$['paths']['/a']`), built only when the expression uses it. */
  path: () => string;
  /** What the filter's evaluations may still build in this document (shared by all its nodes). */
  budget: FilterBudget;
}

/** Units (characters, array items) a filter may read and build over one document. */
export interface FilterBudget {
  left: number;
}

/** The units one filter may spend over one document: a few passes over a large document's strings. */
export const filterBudgetPerDocument = 64_000_000;
/** The largest string (characters) or array (items) one step of a filter may build. */
export const maxFilterValue = 1_000_000;

/**
 * A filter built or read more than its bounds allow (`split('')` then `join` of a long string, a
 * `$..` filter that does so at every node): the rule's configuration, not the document, is at fault.
 */
export class FilterLimitError extends Error {}

export type Filter = (scope: FilterScope) => boolean;

/** A filter expression that does not parse or uses what the evaluator refuses (assignment, a function). */
export class FilterSyntaxError extends Error {}

type Expr = jsep.Expression;

/**
 * Compiles a filter expression of the kind Spectral rulesets write (JavaScript syntax over `@`,
 * `@property`, `@parent`, `@root`, `@path`) into a function. The expression is parsed by jsep, the
 * parser JSONPath-Plus uses, the same way it rewrites the `@` names; it is then evaluated over that
 * tree, never run as code: only reading values, comparisons, logic, arithmetic and calls of the
 * plain methods of strings, arrays and regular expressions (`match`, `includes`, `test`, …).
 */
export function compileFilter(code: string, parsers: Parsers): Filter {
  const script = code
    // JSONPath-Plus's type tests (`@object()`), which its splitter wraps in semicolons
    .replace(/;?@(string|number|boolean|integer|array|object|null|scalar|undefined|function|nonFinite|other)\(\);?/g, '_$_is_$1')
    .replaceAll('@parentProperty', '_$_parentProperty')
    .replaceAll('@parent', '_$_parent')
    .replaceAll('@property', '_$_property')
    .replaceAll('@root', '_$_root')
    .replaceAll('@path', '_$_path')
    .replace(/@([.\s)[]|$)/gu, '_$_v$1');
  let tree: Expr;
  try {
    tree = parsers.jsep(script);
  } catch (error) {
    throw new FilterSyntaxError(`the filter '${code}' does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  check(tree, code);
  return (scope) => Boolean(evaluate(tree, scope));
}

const binaryOps = new Set(['==', '===', '!=', '!==', '<', '<=', '>', '>=', '&&', '||', '+', '-', '*', '/', '%', 'in', '??']);
const unaryOps = new Set(['!', '-', '+', 'typeof']);
const typeTests: Record<string, (v: unknown) => boolean> = {
  _$_is_string: (v) => typeof v === 'string',
  _$_is_number: (v) => typeof v === 'number' && Number.isFinite(v),
  _$_is_boolean: (v) => typeof v === 'boolean',
  _$_is_integer: (v) => Number.isInteger(v),
  _$_is_array: (v) => Array.isArray(v),
  _$_is_object: (v) => v !== null && typeof v === 'object',
  _$_is_null: (v) => v === null,
  _$_is_scalar: (v) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
  _$_is_undefined: (v) => v === undefined,
  _$_is_function: () => false,
  _$_is_nonFinite: (v) => typeof v === 'number' && !Number.isFinite(v),
  _$_is_other: () => false,
};
const names = new Set([...Object.keys(typeTests), '_$_v', '_$_property', '_$_parent', '_$_parentProperty', '_$_root', '_$_path', 'undefined', 'null', 'true', 'false']);
/** Methods a filter may call: pure ones of strings, arrays and regular expressions. */
const methods = new Set([
  'match', 'test', 'includes', 'indexOf', 'lastIndexOf', 'startsWith', 'endsWith', 'toLowerCase', 'toUpperCase', 'trim',
  'some', 'every', 'join', 'slice', 'split', 'search', 'charAt', 'keys', 'isArray', 'hasOwnProperty', 'toString',
]);

/** Refuses at load time what the evaluator would refuse at run time, so a bad rule is a config error. */
function check(node: Expr, code: string): void {
  const refuse = (what: string) => {
    throw new FilterSyntaxError(`the filter '${code}' uses ${what}, which swaglint does not evaluate`);
  };
  switch (node.type) {
    case 'Literal':
      return;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (!names.has(name) && name !== 'Object' && name !== 'Array') refuse(`the name '${name}'`);
      return;
    }
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      check(m.object, code);
      if (m.computed) check(m.property, code);
      return;
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      const callee = c.callee;
      if (callee.type !== 'MemberExpression' || (callee as jsep.MemberExpression).computed) return refuse('a call that is not a method call');
      const name = ((callee as jsep.MemberExpression).property as jsep.Identifier).name;
      if (!methods.has(name)) refuse(`the method '${name}'`);
      check((callee as jsep.MemberExpression).object, code);
      for (const a of c.arguments) check(a, code);
      return;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (!unaryOps.has(u.operator)) refuse(`the operator '${u.operator}'`);
      return check(u.argument, code);
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (!binaryOps.has(b.operator)) refuse(`the operator '${b.operator}'`);
      check(b.left, code);
      return check(b.right, code);
    }
    case 'ConditionalExpression': {
      const t = node as jsep.ConditionalExpression;
      check(t.test, code);
      check(t.consequent, code);
      return check(t.alternate, code);
    }
    case 'ArrayExpression':
      for (const e of (node as jsep.ArrayExpression).elements) if (e) check(e, code);
      return;
    case 'Compound':
      return refuse('several expressions');
    default:
      return refuse(`a ${node.type}`);
  }
}

function identifier(name: string, scope: FilterScope): unknown {
  const test = typeTests[name];
  if (test) return test(scope.value);
  switch (name) {
    case '_$_v':
      return scope.value;
    case '_$_property':
      return scope.property;
    case '_$_parent':
      return scope.parent;
    case '_$_parentProperty':
      return scope.parentProperty;
    case '_$_root':
      return scope.root;
    case '_$_path':
      return scope.path();
    case 'null':
      return null;
    case 'true':
      return true;
    case 'false':
      return false;
    case 'Object':
      return safeObject;
    case 'Array':
      return safeArray;
    default:
      return undefined;
  }
}

/** The two statics a filter may use (`Object.keys(@).length`, `Array.isArray(@)`), and nothing else of them. */
const safeObject = { keys: (v: unknown) => (v !== null && typeof v === 'object' ? Object.keys(v) : []) };
const safeArray = { isArray: (v: unknown) => Array.isArray(v) };

/**
 * The characters JavaScript's string conversion of a value makes (an array joins its items with
 * commas, recursively), counted without making it and stopped once past `cap`.
 */
function stringSize(v: unknown, cap: number, depth = 0): number {
  if (typeof v === 'string') return v.length;
  if (Array.isArray(v)) {
    if (depth > 32) return cap + 1; // an array nested this deep is no filter's honest value
    let n = Math.max(0, v.length - 1);
    for (let i = 0; i < v.length && n <= cap; i++) n += stringSize(v[i], cap - n, depth + 1);
    return n;
  }
  if (v !== null && typeof v === 'object') return 15; // [object Object]
  return String(v).length;
}

/** Spends what a step reads and builds from the document's budget; refuses a step that builds past the bound. */
function spend(scope: FilterScope, read: number, built: number, what: string): void {
  if (built > maxFilterValue) throw new FilterLimitError(`${what} would build ${built > 1e9 ? 'more than 10^9' : built} characters or items (at most ${maxFilterValue} per step)`);
  scope.budget.left -= read + built;
  if (scope.budget.left < 0) throw new FilterLimitError(`it read and built more than ${filterBudgetPerDocument} characters or items in one document`);
}

/** What a value costs to read: its length as a string or an array. */
function sizeOf(v: unknown): number {
  return typeof v === 'string' || Array.isArray(v) ? v.length : 1;
}

/**
 * What a filter reads as a value's `constructor`: a stand-in with the type's name alone (rulesets
 * test `@.type.constructor.name === "Array"`), never the constructor itself, a way to `Function`.
 */
const constructorNames = new Map<string, Readonly<{ name: string }>>(['Array', 'Object', 'String', 'Number', 'Boolean'].map((name) => [name, Object.freeze({ name })]));

function member(object: unknown, key: unknown): unknown {
  if (object === null || object === undefined) return undefined;
  const k = String(key);
  if (k === 'constructor') return constructorNames.get(Array.isArray(object) ? 'Array' : typeof object === 'object' ? 'Object' : typeof object === 'string' ? 'String' : typeof object === 'number' ? 'Number' : typeof object === 'boolean' ? 'Boolean' : '');
  if (k === '__proto__' || k === 'prototype') return undefined;
  if (typeof object === 'string') return k === 'length' ? object.length : /^\d+$/.test(k) ? object[Number(k)] : undefined;
  if (typeof object !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(object, k) ? (object as Record<string, unknown>)[k] : Array.isArray(object) && k === 'length' ? object.length : undefined;
}

function evaluate(node: Expr, scope: FilterScope): unknown {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value;
    case 'Identifier':
      return identifier((node as jsep.Identifier).name, scope);
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const object = evaluate(m.object, scope);
      const key = m.computed ? evaluate(m.property, scope) : (m.property as jsep.Identifier).name;
      return member(object, key);
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      const callee = c.callee as jsep.MemberExpression;
      const target = evaluate(callee.object, scope);
      const name = (callee.property as jsep.Identifier).name;
      const args = c.arguments.map((a) => evaluate(a, scope));
      return boundedCall(scope, target, name, args);
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = evaluate(u.argument, scope);
      if (u.operator === '!') return !v;
      if (u.operator === '-') return -(v as number);
      if (u.operator === '+') return +(v as number);
      return typeof v;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (b.operator === '&&') return evaluate(b.left, scope) && evaluate(b.right, scope);
      if (b.operator === '||') return evaluate(b.left, scope) || evaluate(b.right, scope);
      if (b.operator === '??') return evaluate(b.left, scope) ?? evaluate(b.right, scope);
      const l = evaluate(b.left, scope);
      const r = evaluate(b.right, scope);
      // `+` and comparisons convert arrays to strings: counted as the strings they make
      if (typeof l === 'object' || typeof r === 'object' || b.operator === '+') {
        const size = stringSize(l, maxFilterValue) + stringSize(r, maxFilterValue);
        spend(scope, size, b.operator === '+' ? size : 0, `'${b.operator}'`);
      }
      return binary(b.operator, l, r);
    }
    case 'ConditionalExpression': {
      const t = node as jsep.ConditionalExpression;
      return evaluate(t.test, scope) ? evaluate(t.consequent, scope) : evaluate(t.alternate, scope);
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.map((e) => (e ? evaluate(e, scope) : undefined));
    default:
      return undefined;
  }
}

/* eslint-disable eqeqeq -- the filter's own JavaScript semantics */
function binary(op: string, l: unknown, r: unknown): unknown {
  const a = l as number;
  const b = r as number;
  switch (op) {
    case '==':
      return l == r;
    case '===':
      return l === r;
    case '!=':
      return l != r;
    case '!==':
      return l !== r;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '+':
      return (a as unknown as string) + (b as unknown as string);
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case 'in':
      return r !== null && typeof r === 'object' && Object.prototype.hasOwnProperty.call(r, String(l));
    default:
      return undefined;
  }
}

/** A method call, charged for what it reads and refused before it builds more than a step may. */
function boundedCall(scope: FilterScope, target: unknown, name: string, args: unknown[]): unknown {
  let read = sizeOf(target);
  for (const a of args) read += sizeOf(a);
  let built = 0;
  if ((name === 'join' || name === 'toString') && Array.isArray(target)) {
    const sep = name === 'join' && args[0] !== undefined ? stringSize(args[0], maxFilterValue) : 1;
    built = stringSize(target, maxFilterValue) + Math.max(0, target.length - 1) * (sep - 1);
  }
  // split makes an item per piece, at most one per character (and a string each)
  if (name === 'split' && typeof target === 'string') built = target.length + 1;
  spend(scope, read, built, `'${name}()'`);
  return callMethod(target, name, args);
}

function callMethod(target: unknown, name: string, args: unknown[]): unknown {
  if (target === safeObject && name === 'keys') return safeObject.keys(args[0]);
  if (target === safeArray && name === 'isArray') return safeArray.isArray(args[0]);
  if (name === 'hasOwnProperty') return target !== null && typeof target === 'object' && Object.prototype.hasOwnProperty.call(target, String(args[0]));
  // A regular expression in a filter is a configuration's, run on the document's strings: matched in
  // linear time, and only by the methods that test (a filter asks whether, not what).
  const literal = target instanceof RegExp ? target : args[0] instanceof RegExp ? args[0] : undefined;
  // `@.match('^a+$')` compiles its string as a pattern, as JavaScript does: linear time too
  const regex = literal ?? (typeof target === 'string' && (name === 'match' || name === 'search') && typeof args[0] === 'string' ? { source: args[0], flags: '' } : undefined);
  if (regex) {
    const text = target instanceof RegExp ? args[0] : target;
    if (typeof text !== 'string' || !['test', 'match', 'search'].includes(name)) return undefined;
    let found: boolean;
    try {
      found = patternRegex(`/${regex.source}/${regex.flags}`).test(text); // compiled once per pattern
    } catch {
      return undefined;
    }
    return name === 'search' ? (found ? 0 : -1) : name === 'match' ? (found ? [text] : null) : found;
  }
  if (typeof target === 'string' || Array.isArray(target)) {
    if (name === 'some' || name === 'every') return undefined; // would need a function argument
    const fn = (target as unknown as Record<string, unknown>)[name];
    if (typeof fn !== 'function') return undefined;
    // what is left takes a string as text (`split('/')`, `startsWith('x-')`); matchAll would compile it
    if (name === 'matchAll') return undefined;
    return (fn as (...a: unknown[]) => unknown).apply(target, args);
  }
  if (typeof target === 'number' || typeof target === 'boolean') return name === 'toString' ? String(target) : undefined;
  return undefined;
}

// The import graph of TypeScript sources, read with the TypeScript compiler's own parser (no regex over
// text: comments, strings and template literals cannot fool it), and the cycles in it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  to: string;
  /** `import type` / `export type`, or every named binding type-only: erased at run time. */
  typeOnly: boolean;
}

/** Every `.ts` file under `dirs`, recursively (no `.d.ts`). */
export function sourceFiles(dirs: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  for (const dir of dirs) visit(dir);
  return out.sort();
}

/** The relative imports of one file (static `import`/`export … from`, and `import('…')` with a literal), as files. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): ImportEdge[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith('.')) return; // packages and node builtins
    edges.push({ to: path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')), typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = clause !== undefined && (clause.isTypeOnly || (clause.name === undefined && named !== undefined && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      add(node.moduleSpecifier.text, node.isTypeOnly || (named !== undefined && named.length > 0 && named.every((e) => e.isTypeOnly)));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true); // `import('./x.js').T` in a type
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

/**
 * The cycles of a graph (file → files it imports), each once, as the list of files around it starting
 * at its smallest name. Tarjan's strongly connected components: every component of more than one file
 * (or a file importing itself) holds a cycle; one cycle through each is reported.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const strongConnect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) strongConnect(v);
  return components.map((component) => cycleIn(graph, new Set(component)));
}

/** One cycle inside a strongly connected component: a shortest path back to its smallest file. */
function cycleIn(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return path;
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/**
 * The pairs of folders that import each other (some file of each imports some file of the other), as
 * `[a, b]` with a < b. Folders are what `folderOf` says, by default the files' own directories (where
 * `src/formats` and `src/formats/swagger2` are two); the project's test passes its top-level folders,
 * since a layer is the whole folder. Two layers that each lean on the other are one tangle, whatever the files say.
 */
export function folderPairs(graph: ReadonlyMap<string, readonly string[]>, folderOf: (file: string) => string = path.dirname): Array<[string, string]> {
  const edges = new Set<string>();
  for (const [from, tos] of graph) {
    for (const to of tos) {
      const a = folderOf(from);
      const b = folderOf(to);
      if (a !== b) edges.add(`${a}\0${b}`);
    }
  }
  const pairs: Array<[string, string]> = [];
  for (const edge of edges) {
    const [a, b] = edge.split('\0') as [string, string];
    if (a < b && edges.has(`${b}\0${a}`)) pairs.push([a, b]);
  }
  return pairs.sort((x, y) => (x[0] + x[1] < y[0] + y[1] ? -1 : 1));
}

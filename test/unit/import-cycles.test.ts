// No import cycle in src/: a module that needs itself through others loads half-made (an import
// that is undefined when first read), and a cycle is where one idea leaks into another. The graph
// is read with the TypeScript compiler's parser from every import and export specifier, type-only
// ones included (a type cycle is the same tangle), and `import()` / `require()` of a literal.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { ROOT, sourceFiles } from './source-files';


const isLiteral = (node: ts.Node | undefined): node is ts.StringLiteral => node !== undefined && ts.isStringLiteral(node);

/** Every module specifier a file names: static imports and exports, `import x = require()`, `import()`, `require()`. */
function specifiersOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && isLiteral(node.arguments[0])
      && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A relative specifier to the source file it names (`x.ts`, or `x/index.ts`); packages are outside the graph. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) {
    const full = path.join(ROOT, candidate);
    if (candidate.endsWith('.ts') && existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return undefined;
}

type Graph = ReadonlyMap<string, readonly string[]>;

function importGraph(dir: string): Graph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const targets = specifiersOf(file, readFileSync(path.join(ROOT, file), 'utf8'))
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each strongly connected group of two or more modules (or one importing itself), as a path round it. */
function findCycles(graph: Graph): string[][] {
  // Tarjan's algorithm, then one walk round each group so the message reads as a chain of imports.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return groups.map((group) => walkRound(graph, new Set(group)));
}

/** Every module of each cycle's tangle, sorted: a chain shows one way round; this, all who take part. */
function tangles(graph: Graph): string[][] {
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const queue = [from];
    for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
      for (const target of graph.get(node) ?? []) if (!seen.has(target)) { seen.add(target); queue.push(target); }
    }
    return seen;
  };
  const groups = new Map<string, string[]>();
  for (const cycle of findCycles(graph)) {
    const [start = ''] = cycle;
    const fromStart = reach(start);
    const members = [...graph.keys()].filter((node) => fromStart.has(node) && reach(node).has(start)).sort();
    groups.set(members.join(), members);
  }
  return [...groups.values()];
}

/** From the group's first module (by name), a shortest way back to it inside the group. */
function walkRound(graph: Graph, group: ReadonlySet<string>): string[] {
  const [start = ''] = [...group].sort();
  // Each module reached, with the chain of imports that reached it from the start.
  const reached = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    const chain = reached.get(node) ?? [];
    for (const target of graph.get(node) ?? []) {
      if (target === start) return [...chain, start];
      if (group.has(target) && !reached.has(target)) {
        reached.set(target, [...chain, target]);
        queue.push(target);
      }
    }
  }
  return [...group];
}

describe('no import cycle in src/', () => {
  it('the module graph of src/ has no cycle (type-only imports count)', () => {
    const graph = importGraph('src');
    assert.ok(graph.size > 100, `read only ${graph.size} modules`);
    const cycles = findCycles(graph);
    assert.deepEqual(cycles.map((cycle) => cycle.join(' -> ')), [], 'import cycles, each as a chain of imports');
    assert.deepEqual(tangles(graph), [], 'modules that reach each other (every file of each tangle)');
  });

  it('finds a cycle through type-only imports, re-exports and import() (the check can fail)', () => {
    assert.deepEqual(specifiersOf('a.ts', "import type { A } from './a';\nexport { b } from './b';\nconst c = import('./c');\nlet d: import('./d').D;\nimport e = require('./e');\n"), ['./a', './b', './c', './d', './e']);
    const graph: Graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []], ['e', ['e']]]);
    assert.deepEqual(findCycles(graph), [['a', 'b', 'c', 'a'], ['e', 'e']]);
    const tangled: Graph = new Map([['a', ['b', 'c']], ['b', ['a']], ['c', ['b']]]);
    assert.deepEqual(findCycles(tangled), [['a', 'b', 'a']]);
    assert.deepEqual(tangles(tangled), [['a', 'b', 'c']]);
    assert.deepEqual(findCycles(new Map([['a', ['b']], ['b', []]])), []);
  });
});

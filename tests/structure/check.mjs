// The code's shape, checked on every `npm test`: no file under src/ over 400 lines, no import
// circle among them (type-only imports count: a circle of types is still two files that cannot be
// read apart), every import allowed by the folder table of docs/architecture.md, and no zod loaded by a
// page. Reads imports as text; no dependency.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 400;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');
const SOURCE = /\.(ts|svelte|mjs|js)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.svelte.ts`, `${base}.js`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile() && SOURCE.test(c)) ?? null;
}

function importsOf(file) {
  let text = readFileSync(file, 'utf8');
  if (file.endsWith('.svelte')) text = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  const found = new Set();
  for (const m of text.matchAll(IMPORT)) {
    const target = resolveImport(file, m[1] ?? m[2]);
    if (target) found.add(target);
  }
  return [...found];
}

/** Tarjan's strongly connected components; every component of two or more files is a circle. */
function circles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const result = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) {
        info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
      }
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) result.push(component);
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return result;
}

const files = filesUnder(src);
const rel = (f) => relative(root, f);
const problems = [];

for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n').length;
  if (lines > MAX_LINES) problems.push(`${rel(file)}: ${lines} lines (at most ${MAX_LINES}); split it along its jobs`);
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));
for (const circle of circles(graph)) {
  problems.push(`import circle: ${circle.map(rel).sort().join(' → ')}`);
}

// The folder table of docs/architecture.md §Folders: which folders a file in each may import from
// (its own always). Bare imports (packages) are checked only where the table names them.
const FOLDERS = [
  ['src/main/engine/', ['src/shared/']],
  ['src/main/session/', ['src/main/engine/', 'src/main/store/', 'src/main/projection/', 'src/shared/']],
  ['src/main/projection/', ['src/main/engine/', 'src/shared/']],
  ['src/main/store/', ['src/main/engine/', 'src/shared/']],
  ['src/main/simulation/', ['src/main/engine/', 'src/shared/']],
  ['src/main/services/', ['src/main/engine/', 'src/main/session/', 'src/main/store/', 'src/main/projection/', 'src/main/simulation/', 'src/shared/']],
  ['src/main/host/', ['src/main/', 'src/shared/']],
  ['src/preload/', ['src/shared/channelAccess.ts']],
  ['src/renderer/', ['src/shared/']],
  ['src/shared/contract/', ['src/shared/']],
  ['src/shared/', []],
];
const PACKAGES = { 'src/shared/contract/': /^zod$/, 'src/shared/': /^$/, 'src/preload/': /^electron$/, 'src/renderer/': /^(svelte|konva|qr)(\/|$)/ };
const folderOf = (file) => FOLDERS.find(([folder]) => rel(file).startsWith(folder));
for (const file of files) {
  const home = folderOf(file);
  if (!home) continue;
  const [folder, allowed] = home;
  for (const target of graph.get(file) ?? []) {
    const to = rel(target);
    if (to.startsWith(folder) || allowed.some((a) => to.startsWith(a))) continue;
    problems.push(`${rel(file)} imports ${to}: ${folder} may import only ${[folder, ...allowed].join(', ')} (docs/architecture.md §Folders)`);
  }
  const only = PACKAGES[folder];
  if (only) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.') && !only.test(spec)) problems.push(`${rel(file)} imports the package ${spec}: ${folder} may import only ${only}`);
    }
  }
}

// No zod in the pages (docs/architecture.md §Rendering): no file a page runs imports it, however
// far down its imports; a type-only import is erased and loads nothing.
const isTypeOnly = (statement) => /^\s*(?:import|export)\s+type\s/.test(statement);
const valueImports = new Map(
  files.map((f) => {
    let text = readFileSync(f, 'utf8');
    if (f.endsWith('.svelte')) text = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    const statements = [...text.matchAll(IMPORT)].filter((m) => !isTypeOnly(m[0]));
    const specs = statements.map((m) => m[1] ?? m[2]);
    return [f, { zod: specs.includes('zod'), files: specs.map((spec) => resolveImport(f, spec)).filter(Boolean) }];
  }),
);
const pageFiles = files.filter((f) => rel(f).startsWith('src/renderer/'));
const via = new Map(pageFiles.map((f) => [f, null]));
for (const queue = [...pageFiles]; queue.length > 0;) {
  const file = queue.shift();
  for (const next of valueImports.get(file)?.files ?? []) {
    if (via.has(next)) continue;
    via.set(next, file);
    queue.push(next);
  }
}
for (const [file, from] of via) {
  if (!valueImports.get(file)?.zod) continue;
  const chain = [file];
  for (let f = from; f; f = via.get(f)) chain.unshift(f);
  problems.push(`a page loads zod: ${chain.map(rel).join(' → ')} (import only types from a module with schemas)`);
}

// The plain model (shared/ outside contract/) takes only types from the contract: pages load it.
for (const file of files) {
  const from = rel(file);
  if (!from.startsWith('src/shared/') || from.startsWith('src/shared/contract/')) continue;
  for (const target of valueImports.get(file).files)
    if (rel(target).startsWith('src/shared/contract/')) problems.push(`${from} imports ${rel(target)}: the plain model takes only types from the contract`);
}

if (problems.length > 0) {
  console.error(`Code structure: ${problems.length} problem(s)\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `Code structure: ${files.length} files under src/, none over ${MAX_LINES} lines, no import circle, every import allowed by the folder table, no page loading zod.`,
);

// Folder-level cycles between the API's domains: dpdm (npm run cycles) finds cycles between files; this reads
// the dependency tree it wrote (`dpdm --output`) and groups it by `apps/api/src/modules/<name>`, so that
// operations → accounting → operations fails lint even when no single file closes the loop. A domain that
// needs something of a domain above it takes it through an interface the module list wires
// (`modules/index.ts`), never by importing it.
//
//   node scripts/module-cycles.mjs <dpdm-tree.json>
import fs from 'node:fs';

const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;

const file = process.argv[2];
if (!file) {
  console.error('Usage : node scripts/module-cycles.mjs <arbre dpdm en JSON>');
  process.exit(2);
}
const { tree } = JSON.parse(fs.readFileSync(file, 'utf8'));

/** module → module → one file-level import that makes the edge (for the message). */
const edges = new Map();
for (const [issuer, deps] of Object.entries(tree)) {
  const from = MODULE.exec(issuer)?.[1];
  if (!from) continue;
  for (const dep of deps ?? []) {
    const to = dep.id && MODULE.exec(dep.id)?.[1];
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${issuer} → ${dep.id}`);
  }
}

// Tarjan's strongly connected components: every component of more than one module is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function visit(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!state.has(w)) {
      visit(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) {
      state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const v of edges.keys()) if (!state.has(v)) visit(v);

if (!components.length) {
  console.log(
    `Modules de l'API : aucun cycle entre dossiers (${edges.size} modules qui en importent d'autres).`,
  );
  process.exit(0);
}
for (const component of components) {
  console.error(`Cycle entre les modules de l'API : ${component.join(' ↔ ')}`);
  for (const from of component) {
    for (const [to, example] of edges.get(from) ?? []) {
      if (component.includes(to)) console.error(`  ${from} → ${to} (par ex. ${example})`);
    }
  }
}
console.error(
  "Un module ne doit pas importer un module qui l'importe : passez par une interface que modules/index.ts relie.",
);
process.exit(1);

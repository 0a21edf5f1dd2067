// Security gate run by `npm test`:
// 1. electronegativity over src/: any finding of medium severity or above fails. It exits 0 on
//    findings and its --severity filter only trims its console table, and its SARIF carries no
//    severity, so we read its CSV report, which does.
// 2. The built preloads may `require` nothing but `electron` (a sandboxed preload cannot).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const problems = [];

const reportPath = join(mkdtempSync(join(tmpdir(), 'pillars-sec-')), 'electronegativity.csv');
execFileSync(
  process.execPath,
  [
    join(root, 'node_modules/@doyensec/electronegativity/dist/index.js'),
    '--input',
    join(root, 'src'),
    '--electron-version',
    '45.4.1',
    '--relative',
    '--output',
    reportPath,
  ],
  { stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 },
);
/** Splits one CSV line with double-quoted fields. */
function csvFields(line) {
  const fields = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

const [header, ...rows] = readFileSync(reportPath, 'utf8')
  .split(/\r?\n/)
  .filter((l) => l.trim());
if (!header?.startsWith('issue, severity')) problems.push('electronegativity wrote no readable report');
const BLOCKING = new Set(['MEDIUM', 'HIGH']);
let lowFindings = 0;
for (const row of rows) {
  const [id, severity, confidence, file, location, , description] = csvFields(row);
  if (BLOCKING.has(severity)) problems.push(`electronegativity ${id} (${severity}, ${confidence}) at ${file}:${location}: ${description}`);
  else lowFindings++;
}

const preloadDir = join(root, 'out/preload');
const preloads = readdirSync(preloadDir).filter((f) => /\.(c|m)?js$/.test(f));
if (preloads.length === 0) problems.push('no built preload found in out/preload (run `npm run build` first)');
for (const file of preloads) {
  const source = readFileSync(join(preloadDir, file), 'utf8');
  if (!file.endsWith('.cjs')) problems.push(`preload ${file} is not CommonJS (.cjs); a sandboxed preload must be`);
  if (/^\s*(import|export)\s/m.test(source)) problems.push(`preload ${file} contains ES module syntax`);
  const required = [...source.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
  for (const name of required.filter((n) => n !== 'electron')) problems.push(`preload ${file} requires "${name}"`);
  if (!required.includes('electron')) problems.push(`preload ${file} does not require electron at all`);
}

if (problems.length) {
  console.error(`Security check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `Security check passed: electronegativity found nothing medium or above in src/ (${lowFindings} low/informational); ${preloads.length} preloads require only electron.`,
);

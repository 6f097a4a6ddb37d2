// Where a request's instructions (and, with INSTR_SIM, its simulated misses) go, per function:
// reads dumps kept by `INSTR_KEEP=1 npm run instructions` and names V8's JIT-compiled code (which
// callgrind shows as `0x…`) from node's `--perf-basic-prof` map of the same process. With one
// dump, the functions by their own cost per request; with two (the portal's, then the bare
// baseline's), the functions by how much more the first spends than the second. Prints figures.
//   node bench/callgrind-functions.ts <dump> <perf-map> [<dump> <perf-map>]
// CG_EVENT orders the rows (default Ir; with INSTR_SIM also I1mr, D1mr, Bcm, Bim…), CG_ROWS
// how many are printed (default 30), CG_REQUESTS the requests in a dump (default 3000, as
// INSTR_REQUESTS).
import { readFileSync } from 'node:fs';

const event = process.env.CG_EVENT ?? 'Ir';
const rows = Number(process.env.CG_ROWS ?? 30);
const requests = Number(process.env.CG_REQUESTS ?? 3000);

interface TCosts {
  events: string[];
  /** Self cost per function name, summed over the dump. */
  byFunction: Map<string, number[]>;
}

/** JIT code ranges of a perf map (`start size name` per line, hexadecimal), sorted by start. */
function readPerfMap(file: string): { starts: number[]; ends: number[]; names: string[] } {
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ start: Number.parseInt(m[1], 16), size: Number.parseInt(m[2], 16), name: m[3] }))
    .sort((a, b) => a.start - b.start);
  return {
    starts: entries.map((e) => e.start),
    ends: entries.map((e) => e.start + e.size),
    // V8's tier marks (`*` optimised, `+` Maglev, `^` Sparkplug, `~` interpreted) left off.
    names: entries.map((e) => e.name.replace(/^JS:[*+^~]?'?/, '')),
  };
}

function nameAt(map: ReturnType<typeof readPerfMap>, address: number): string {
  let low = 0;
  let high = map.starts.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (map.starts[mid] <= address) low = mid + 1;
    else high = mid - 1;
  }
  return high >= 0 && address < map.ends[high] ? map.names[high] : 'JIT code not in the map';
}

function readDump(file: string, perfMap: string): TCosts {
  const map = readPerfMap(perfMap);
  const names = new Map<string, string>();
  const byFunction = new Map<string, number[]>();
  let events: string[] = [];
  let current: number[] | undefined;
  let skipCallCost = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('events:')) {
      events = line.split(' ').slice(1).filter(Boolean);
      continue;
    }
    // `fn=(id) name` names a function once; later `fn=(id)` refers to it. `cfn=` names callees.
    const named = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line);
    if (named) {
      if (named[2] !== undefined) names.set(named[1], named[2]);
      if (line.startsWith('fn=')) {
        const raw = names.get(named[1]) ?? '?';
        const jit = /^0x([0-9a-fA-F]+)$/.exec(raw);
        const name = jit ? nameAt(map, Number.parseInt(jit[1], 16)) : raw;
        current = byFunction.get(name) ?? new Array(events.length).fill(0);
        byFunction.set(name, current);
      }
      continue;
    }
    // The cost line after `calls=` is the callee's inclusive cost, not this function's own.
    if (line.startsWith('calls=')) {
      skipCallCost = true;
      continue;
    }
    if (current && /^[0-9+\-*]/.test(line)) {
      if (skipCallCost) {
        skipCallCost = false;
        continue;
      }
      const figures = line.split(' ').slice(1);
      for (let i = 0; i < figures.length; i++) current[i] += Number(figures[i]);
    }
  }
  return { events, byFunction };
}

const [dumpA, mapA, dumpB, mapB] = process.argv.slice(2);
if (!dumpA || !mapA) {
  console.error('usage: node bench/callgrind-functions.ts <dump> <perf-map> [<dump> <perf-map>]');
  process.exit(2);
}
const a = readDump(dumpA, mapA);
const b = dumpB && mapB ? readDump(dumpB, mapB) : undefined;
const index = a.events.indexOf(event);
if (index < 0) throw new Error(`CG_EVENT: ${event} is not among the dump's events (${a.events.join(' ')})`);
const perRequest = (costs: TCosts | undefined, name: string) =>
  (costs?.byFunction.get(name)?.[index] ?? 0) / requests;
const names = new Set([...a.byFunction.keys(), ...(b?.byFunction.keys() ?? [])]);
const total = (costs: TCosts | undefined) =>
  [...names].reduce((sum, name) => sum + perRequest(costs, name), 0);
const order = [...names]
  .map((name) => ({ name, a: perRequest(a, name), b: perRequest(b, name) }))
  .sort((x, y) => y.a - y.b - (x.a - x.b))
  .slice(0, rows);
const f = (n: number) => n.toFixed(0).padStart(8);
console.log(
  b
    ? `${event} per request: first ${total(a).toFixed(0)}, second ${total(b).toFixed(0)}; by how much more the first spends\n   first   second     more  function`
    : `${event} per request: ${total(a).toFixed(0)}\n     own  function`,
);
for (const row of order)
  console.log(
    b
      ? `${f(row.a)} ${f(row.b)} ${f(row.a - row.b)}  ${row.name.slice(0, 120)}`
      : `${f(row.a)}  ${row.name.slice(0, 120)}`,
  );

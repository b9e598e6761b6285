// The in-browser benchmark: runs a collection (a file, or every puzzle file under a folder) in the
// studio's worker in headless Chromium and prints the same summary line as `puzzle bench`.
// Usage: node bench.mjs KIND FILE|DIR [--first] [--timeout SECONDS] [--rounds N]
// (--timeout: the page's time limit per puzzle, as `puzzle bench --timeout`; --rounds: run the
// collection N times in the same page and worker, print each pass, then the fastest pass. The
// first pass includes V8's tiering of the WebAssembly from its baseline compiler to the optimising
// one, which on a collection that solves in under a second is a large share; native code has no
// such warm-up, so a comparison with `puzzle bench` should give both the first and the best pass.)
// With --native BIN (a `puzzle` binary), each pass is preceded by one `BIN bench KIND FILE` run with
// the same options, so native and browser passes take turns under the same load (this 2-core
// machine is shared, and its load moves within minutes); the last two lines are then the fastest
// native run (`native: …`) and the fastest pass (`chromium: …`, with its ratio to the native),
// and the line before them each round's ratio (the pass over the native run just before it), whose
// median over the rounds after the first (warm-up) varies less with the load than the fastest.
// On Linux it also gives CPU seconds, which a busy machine inflates far less than wall time: the
// native process's (user + system, from bash's `times`) and the solver worker thread's in the
// page (its `schedstat`, found among this script's descendants), each the whole run: parsing,
// solving, checking and, in the page, the messages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser, open } from './harness.mjs';

const [kind, target, ...rest] = process.argv.slice(2);
if (!kind || !target) {
  console.error('usage: node bench.mjs KIND FILE|DIR [--first] [--timeout SECONDS] [--rounds N]');
  process.exit(2);
}

/** The files `puzzle bench` reads under a folder: sorted, recursive, no docs or answer files. */
function files(p) {
  if (fs.statSync(p).isFile()) return [p];
  return fs.readdirSync(p).sort().flatMap((name) => {
    const full = path.join(p, name);
    if (fs.statSync(full).isDirectory()) return files(full);
    if (name.startsWith('.') || name.endsWith('.md') || name.includes('.solution')) return [];
    return [full];
  });
}

/** The same figures as `bench::Summary::of`. */
function summarise(records) {
  const ms = records.map((r) => r.ms).sort((a, b) => a - b);
  const pick = (q) => (ms.length ? ms[Math.round((ms.length - 1) * q)] : 0);
  const f = (x) => x.toFixed(2);
  return `count ${records.length} solved ${records.filter((r) => !['timeout', 'error'].includes(r.verdict)).length} ` +
    `wrong ${records.filter((r) => r.wrong).length} unique ${records.filter((r) => r.verdict === 'unique').length} ` +
    `median_ms ${f(pick(0.5))} p90_ms ${f(pick(0.9))} max_ms ${f(ms.at(-1) ?? 0)} total_s ${(ms.reduce((a, b) => a + b, 0) / 1000).toFixed(3)}` +
    // Kinds judged by a measure (Flood-It: moves) add its total, as `Summary::line` does.
    (records.some((r) => r.measure != null) ? ` total_moves ${records.reduce((a, r) => a + (r.measure ?? 0), 0)}` : '') +
    // Answers not proven optimal (verdict `bounded`): how many, and the proven bounds summed.
    (records.some((r) => r.verdict === 'bounded')
      ? ` optimal ${records.filter((r) => r.verdict === 'optimal').length} bounded ${records.filter((r) => r.verdict === 'bounded').length}` +
        (records.every((r) => r.lower != null) ? ` total_lower ${records.reduce((a, r) => a + r.lower, 0)}` : '')
      : '');
}

const roundsAt = rest.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(rest[roundsAt + 1]) : 1;
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('bench: --rounds needs a whole number of at least 1');
  process.exit(2);
}

const nativeAt = rest.indexOf('--native');
const native = nativeAt >= 0 ? rest[nativeAt + 1] : null;
if (nativeAt >= 0 && !native) {
  console.error('bench: --native needs the path of a puzzle binary');
  process.exit(2);
}
/** The native options: --first and --timeout as given (--rounds and --native are this script's). */
const nativeArgs = rest.filter((a, i) => !['--rounds', '--native'].includes(a) && !['--rounds', '--native'].includes(rest[i - 1]));
const totalOf = (line) => Number(line.match(/total_s ([0-9.]+)/)?.[1]);
const natives = [];
const nativeCpu = [];
const workerCpu = [];

/** The processes below this one (Chromium's, on Linux), from /proc; empty elsewhere. */
function descendants() {
  const parent = new Map();
  for (const pid of fs.existsSync('/proc') ? fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)) : []) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch { /* gone */ }
  }
  const mine = new Set([String(process.pid)]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, pp] of parent) if (!mine.has(pid) && mine.has(pp)) { mine.add(pid); grew = true; }
  }
  mine.delete(String(process.pid));
  return [...mine];
}

/** CPU seconds so far of the page's dedicated worker threads (the solver), or null if unknown. */
function workerSeconds() {
  let ns = null;
  for (const pid of descendants()) {
    let tasks = [];
    try { tasks = fs.readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tasks) {
      try {
        if (!fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('DedicatedWorker')) continue;
        ns = (ns ?? 0) + Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch { /* gone */ }
    }
  }
  return ns === null ? null : ns / 1e9;
}

/** bash's `times` line for children: `0m0.213s 0m0.020s`, summed in seconds. */
function childSeconds(text) {
  const line = text.trim().split('\n').at(-1) ?? '';
  const secs = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.length === 2 ? secs[0] + secs[1] : null;
}

const server = await serve();
const chrome = await browser();
const passes = [];
try {
  // One page and one warm worker for the whole run, as `puzzle bench` is one warm process.
  const page = await open(chrome.context, server.url, 'bench');
  await page.waitForSelector('#bench-run');
  await page.selectOption('#bench-kind', kind);
  if (rest.includes('--first')) await page.check('#bench-first');
  const limit = rest.indexOf('--timeout');
  if (limit >= 0) await page.fill('#bench-timeout', rest[limit + 1] ?? '');
  for (let round = 1; round <= rounds; round++) {
  if (native) {
    const run = spawnSync('bash', ['-c', '"$0" "$@" && times >&2', native, 'bench', kind, target, ...nativeArgs], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (run.status !== 0) throw new Error(`${native} bench failed: ${run.stderr}`);
    const line = run.stdout.trim().split('\n').at(-1);
    natives.push(line);
    nativeCpu.push(childSeconds(run.stderr));
    console.log(`native round ${round}: ${line}${nativeCpu.at(-1) === null ? '' : ` cpu_s ${nativeCpu.at(-1).toFixed(3)}`}`);
  }
  const records = [];
  const cpuBefore = workerSeconds();
  for (const file of files(target)) {
    const before = await page.$eval('#bench-summary', (e) => e.dataset.records).catch(() => null);
    await page.$eval('#bench-text', (t, v) => { t.value = v; }, fs.readFileSync(file, 'utf8'));
    // The run's name goes into its records' ids, so each run's records differ from the last.
    await page.fill('#bench-name', `${rounds > 1 ? `${round}:` : ''}${records.length} ${path.basename(file)}`);
    await page.click('#bench-run');
    await page.waitForFunction((before) => {
      if (document.querySelector('#notice')) return true;
      const s = document.querySelector('#bench-summary');
      return s && s.dataset.records !== before && !document.querySelector('#status[data-state="busy"]');
    }, before, { timeout: 60 * 60 * 1000 });
    const notice = await page.$('#notice');
    if (notice) throw new Error(`${file}: ${await notice.textContent()}`);
    const done = await page.$('#bench-summary');
    for (const r of JSON.parse(await done.getAttribute('data-records'))) records.push(r);
  }
  passes.push(records);
  const cpuAfter = workerSeconds();
  workerCpu.push(cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore);
  if (rounds > 1) console.log(`round ${round}: ${summarise(records)}${workerCpu.at(-1) === null ? '' : ` worker cpu_s ${workerCpu.at(-1).toFixed(3)}`}`);
  }
  const total = (records) => records.reduce((a, r) => a + r.ms, 0);
  const best = passes.reduce((a, b) => (total(b) < total(a) ? b : a));
  const slowest = best.reduce((a, b) => (b.ms > (a?.ms ?? -1) ? b : a), null);
  const which = rounds > 1
    ? `; the fastest of ${rounds} passes, the first ${(total(passes[0]) / 1000).toFixed(3)} s`
    : '';
  const nativeBest = natives.reduce((a, b) => (totalOf(b) < totalOf(a) ? b : a), natives[0]);
  if (native && rounds > 1) {
    const ratios = passes.map((p, i) => total(p) / 1000 / totalOf(natives[i]));
    const later = ratios.slice(1).sort((a, b) => a - b);
    const median = (later[Math.floor((later.length - 1) / 2)] + later[Math.ceil((later.length - 1) / 2)]) / 2;
    console.log(`ratio per round (pass / native run before it): ${ratios.map((r) => r.toFixed(2)).join(' ')}; ` +
      `median after the first ${median.toFixed(2)}`);
    if (workerCpu.every((x) => x !== null) && nativeCpu.every((x) => x !== null)) {
      const cpu = workerCpu.map((w, i) => w / nativeCpu[i]);
      const laterCpu = cpu.slice(1).sort((a, b) => a - b);
      const m = (laterCpu[Math.floor((laterCpu.length - 1) / 2)] + laterCpu[Math.ceil((laterCpu.length - 1) / 2)]) / 2;
      console.log(`CPU seconds per round, worker / native process: ${cpu.map((r) => r.toFixed(2)).join(' ')}; ` +
        `median after the first ${m.toFixed(2)}; least ${Math.min(...workerCpu.slice(1)).toFixed(3)} s against ${Math.min(...nativeCpu).toFixed(3)} s`);
    }
  }
  if (native) console.log(`native:   ${nativeBest}`);
  const ratio = native ? `; ${(total(best) / 1000 / totalOf(nativeBest)).toFixed(2)}x the fastest native run` : '';
  console.log((native ? 'chromium: ' : '') + summarise(best) + `  (${path.basename(target)}; slowest ${slowest?.id} ${slowest?.ms.toFixed(2)} ms${which}; ${await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0])}${ratio})`);
} finally {
  await chrome.close();
  await server.close();
}

// Main-thread work per drawn frame, read from a Chrome trace: the renderer main thread of the
// page whose URL starts with `urlPrefix`, its top-level tasks summed between one animation frame
// and the next. On these machines (no GPU) this includes rasterising the canvases.

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'];

export function workPerFrame(traceBuffer, urlPrefix) {
  const events = JSON.parse(String(traceBuffer)).traceEvents ?? [];
  let pid = null;
  for (const e of events) {
    const frames = e.name === 'TracingStartedInBrowser' ? e.args?.data?.frames : null;
    const hit = frames?.find((f) => String(f.url).startsWith(urlPrefix));
    if (hit) pid = hit.processId;
  }
  if (pid === null) {
    for (const e of events) if (e.name === 'CommitLoad' && String(e.args?.data?.url).startsWith(urlPrefix)) pid = e.pid;
  }
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid);
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
  // Top-level only: a task inside another is already counted.
  const top = [];
  let end = -Infinity;
  for (const t of tasks) {
    if (t.ts >= end) {
      top.push(t);
      end = t.ts + (t.dur ?? 0);
    }
  }
  // A frame runs every animation-frame callback inside one task: that task starts the frame.
  const frameStarts = [];
  let k0 = 0;
  for (const f of onMain.filter((e) => e.name === 'FireAnimationFrame').sort((a, b) => a.ts - b.ts)) {
    while (k0 < top.length && top[k0].ts + (top[k0].dur ?? 0) < f.ts) k0++;
    const start = k0 < top.length && top[k0].ts <= f.ts ? top[k0].ts : f.ts;
    if (frameStarts[frameStarts.length - 1] !== start) frameStarts.push(start);
  }
  const work = [];
  let k = 0;
  for (let i = 1; i < frameStarts.length; i++) {
    let sum = 0;
    while (k < top.length && top[k].ts < frameStarts[i - 1]) k++;
    let j = k;
    while (j < top.length && top[j].ts < frameStarts[i]) sum += top[j++].dur ?? 0;
    work.push(sum / 1000);
  }
  return work;
}

/** The renderer main thread ({ pid, tid }) of the page whose URL starts with `urlPrefix`, or null. */
export function mainThreadOf(events, urlPrefix) {
  let pid = null;
  for (const e of events) {
    const frames = e.name === 'TracingStartedInBrowser' ? e.args?.data?.frames : null;
    const hit = frames?.find((f) => String(f.url).startsWith(urlPrefix));
    if (hit) pid = hit.processId;
  }
  if (pid === null) for (const e of events) if (e.name === 'CommitLoad' && String(e.args?.data?.url).startsWith(urlPrefix)) pid = e.pid;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid);
  return main ? { pid, tid: main.tid } : null;
}

/** The one renderer main thread in the trace other than `thread`, or null. */
export function otherRenderer(events, thread) {
  const others = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid !== thread?.pid);
  return others.length === 1 ? { pid: others[0].pid, tid: others[0].tid } : null;
}

/**
 * Inside every top-level task of `thread` longer than `minMs`: the time each trace event spent
 * not inside a child event (self time), summed by name, largest first. A JavaScript call is named
 * by its function where the trace says it.
 */
export function selfTimes(events, thread, minMs) {
  const on = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const byName = new Map();
  const tasks = [];
  let total = 0;
  const stack = [];
  let inLong = false;
  const label = (e) => {
    const d = e.args?.data;
    if (e.name === 'FunctionCall' && d)
      return `FunctionCall ${d.functionName || '?'} ${String(d.url ?? '')
        .split('/')
        .pop()}:${d.lineNumber ?? ''}`;
    if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`;
    return e.name;
  };
  const close = (until) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const top = stack.pop();
      if (top.long) byName.set(top.label, (byName.get(top.label) ?? 0) + top.self / 1000);
    }
  };
  for (const e of on) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (!parent) {
      const isTask = e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
      inLong = isTask && e.dur / 1000 >= minMs;
      if (inLong) {
        tasks.push(e.dur / 1000);
        total += e.dur / 1000;
      }
    } else parent.self -= e.dur;
    stack.push({ label: label(e), end: e.ts + e.dur, self: e.dur, long: inLong });
  }
  close(Infinity);
  return { tasks, total, byName: [...byName.entries()].sort((a, b) => b[1] - a[1]) };
}

/**
 * What made each top-level task of `thread` over `minMs` long: the page's performance marks since
 * the commit before it (profile.mjs marks each layer's draw and each canvas it inked), its
 * JavaScript calls, and the canvases its commit produced (Chromium rasterises a software canvas's
 * recorded drawing there), each with wall and thread (CPU) time: a wall time far over the CPU
 * time is another process holding the core. Tasks of `minCpuMs` CPU or more are listed too.
 */
export function longTaskAnatomy(events, thread, minMs, minCpuMs = Infinity) {
  const on = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid).sort((a, b) => a.ts - b.ts);
  const ms = (us) => (us / 1000).toFixed(1);
  const timed = (e) => `${ms(e.dur)}${typeof e.tdur === 'number' ? `/${ms(e.tdur)}` : ''}`;
  const out = [];
  let lastCommitEnd = -Infinity;
  let end = -Infinity;
  for (const e of on) {
    if (e.ph !== 'X' || e.ts < end) continue;
    if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') continue;
    end = e.ts + e.dur;
    const inside = on.filter((x) => x.ph === 'X' && x.ts >= e.ts && x.ts < end);
    const commit = inside.find((x) => x.name === 'Commit');
    if (e.dur / 1000 >= minMs || (e.tdur ?? 0) / 1000 >= minCpuMs) {
      const marks = on.filter((x) => x.ph !== 'X' && x.cat?.includes('user_timing') && x.ts >= lastCommitEnd && x.ts < end).map((x) => x.name);
      const js = inside
        .filter((x) => x.name === 'FunctionCall' || x.name === 'EventDispatch')
        .map((x) => `${x.args?.data?.functionName || x.args?.data?.type || '?'}:${x.args?.data?.lineNumber ?? ''} ${timed(x)}`);
      const canvases = inside.filter((x) => x.name.startsWith('Canvas2DResourceProvider') && x.name.endsWith('ProduceCanvasResource')).map(timed);
      const gc = inside.filter((x) => /^(MinorGC|MajorGC|V8\.GC_MC|V8\.GC_SCAVENGER)$/.test(x.name)).map(timed);
      out.push({ ms: e.dur / 1000, cpu: (e.tdur ?? 0) / 1000, marks: [...new Set(marks)], js, canvases, gc });
    }
    if (commit) lastCommitEnd = commit.ts + commit.dur;
  }
  return out;
}

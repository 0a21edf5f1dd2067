// What a page records while the bench drives it: every animation frame's timestamp, every long
// task, and when Konva finished drawing each layer. Installed before the page's own scripts.

/** The init script (runs in the page). */
export function installProbes() {
  const probe = { frames: [], longTasks: [], arrivals: [], recording: false };
  window.__probe = probe;
  // When each message from main reaches the page (before the page handles it).
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => probe.arrivals.push(performance.timeOrigin + performance.now()));
    }
  };
  const tick = (ts) => {
    if (probe.recording) probe.frames.push(ts);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task API: the row says n/a */
  }
  // A diagnostic: animation frames over 50 ms, with the scripts that ran in them, so a rare long task names its source.
  probe.slowFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        probe.slowFrames.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          render: e.renderStart > 0 ? e.startTime + e.duration - e.renderStart : 0,
          scripts: e.scripts.map((x) => ({
            what: `${x.invoker}${x.sourceFunctionName ? ` ${x.sourceFunctionName}` : ''}${x.sourceURL ? ` (${x.sourceURL.split('/').pop()}:${x.sourceCharPosition})` : ''}`,
            duration: x.duration,
            layout: x.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    /* no long animation frame API: no attribution */
  }
}

/** Starts recording frames on a page; returns the page clock's start. */
export const startRecording = (page) =>
  page.evaluate(() => {
    window.__probe.frames = [];
    window.__probe.recording = true;
    return performance.now();
  });

/** Stops recording; resolves to the frame intervals, the long tasks and the slow animation frames since `since`. */
export const stopRecording = (page, since) =>
  page.evaluate((t0) => {
    const p = window.__probe;
    p.recording = false;
    const intervals = [];
    for (let i = 1; i < p.frames.length; i++) intervals.push(p.frames[i] - p.frames[i - 1]);
    const longTasks = p.longTasks.filter((t) => t.start + t.duration >= t0).map((t) => t.duration);
    const slowFrames = p.slowFrames.filter((f) => f.start + f.duration >= t0);
    return { intervals, longTasks, slowFrames };
  }, since);

/**
 * Times Konva's own drawing of every layer (the JavaScript that builds the canvas commands; the
 * pixels come later in the frame): per animation frame, the sum over layers. A diagnostic.
 */
export const hookLayerDraws = (page) =>
  page.evaluate(() => {
    const layers = window.__battleMap.stage.getLayers();
    const perFrame = [];
    let frameWork = 0;
    let pending = false;
    for (const layer of layers) {
      const draw = layer.drawScene;
      layer.drawScene = function (...args) {
        const t = performance.now();
        const out = draw.apply(this, args);
        frameWork += performance.now() - t;
        if (!pending) {
          pending = true;
          requestAnimationFrame(() => {
            perFrame.push(frameWork);
            frameWork = 0;
            pending = false;
          });
        }
        return out;
      };
    }
    window.__layerWork = perFrame;
  });

export const takeLayerWork = (page) =>
  page.evaluate(() => {
    const out = [...window.__layerWork];
    window.__layerWork.length = 0;
    return out;
  });

import type { Point } from '../../../shared/hex';
import type { MapCamera } from './mapCamera';

/** How long a finger rests before it is a long press (as a phone's context press), in ms. */
export const LONG_PRESS_MS = 600;
/** How far the finger may drift meanwhile, in CSS pixels. */
const LONG_PRESS_SLOP = 8;

/**
 * Two fingers on the GM map (a touch laptop, a TV laid flat): they pan and pinch-zoom
 * together, and a second finger turns whatever the first began (a pan, a figure drag) into the
 * pinch, with no effect of its own. One finger is left to `MapInput`'s pointer handling: tap to
 * select, drag a figure to move it, drag the ground to pan; held still for `LONG_PRESS_MS`, it is
 * a long press instead (the GM's ping), which drops the one-finger gesture. Listens in the capture
 * phase so the pinch's events never reach `MapInput`.
 */
export class TouchGestures {
  private readonly touches = new Map<number, Point>();
  /** Fingers that took part in a pinch: ignored until lifted, so the last one does not start a drag. */
  private readonly spent = new Set<number>();
  private pinch: { mid: Point; dist: number } | null = null;
  private readonly off: (() => void)[] = [];
  private press: { pointerId: number; at: Point; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly camera: MapCamera,
    /** Drops the one-finger gesture under way, without its effect. */
    private readonly cancelGesture: () => void,
    /** A finger held still: the point of the container's box it rests on. */
    private readonly longPress: (at: Point) => void = () => undefined,
  ) {
    const on = (type: 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel', fn: (e: PointerEvent) => void) => {
      const listener = (e: Event) => (e as PointerEvent).pointerType === 'touch' && fn(e as PointerEvent);
      container.addEventListener(type, listener, { capture: true });
      this.off.push(() => container.removeEventListener(type, listener, { capture: true }));
    };
    on('pointerdown', (e) => this.down(e));
    on('pointermove', (e) => this.move(e));
    on('pointerup', (e) => this.up(e));
    on('pointercancel', (e) => this.up(e));
  }

  destroy(): void {
    this.endPress();
    for (const off of this.off) off();
  }

  private endPress(): void {
    if (this.press) clearTimeout(this.press.timer);
    this.press = null;
  }

  private point(e: PointerEvent): Point {
    const box = this.container.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  private measure(): { mid: Point; dist: number } {
    const [a, b] = [...this.touches.values()];
    return { mid: { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 }, dist: Math.max(1, Math.hypot(a!.x - b!.x, a!.y - b!.y)) };
  }

  private down(e: PointerEvent): void {
    if (this.pinch || this.touches.size >= 2) {
      e.stopImmediatePropagation();
      this.spent.add(e.pointerId);
      return;
    }
    this.touches.set(e.pointerId, this.point(e));
    if (this.touches.size < 2) {
      const at = this.point(e);
      const pointerId = e.pointerId;
      this.endPress();
      this.press = {
        pointerId,
        at,
        timer: setTimeout(() => {
          this.press = null;
          // The finger stays out of MapInput's way until lifted: no tap, no drag after the press.
          this.cancelGesture();
          this.spent.add(pointerId);
          this.touches.delete(pointerId);
          this.longPress(at);
        }, LONG_PRESS_MS),
      };
      return;
    }
    this.endPress();
    e.stopImmediatePropagation();
    this.cancelGesture();
    for (const id of this.touches.keys()) this.spent.add(id);
    this.pinch = this.measure();
  }

  private move(e: PointerEvent): void {
    if (!this.touches.has(e.pointerId)) {
      if (this.spent.has(e.pointerId)) e.stopImmediatePropagation();
      return;
    }
    this.touches.set(e.pointerId, this.point(e));
    const p = this.press;
    if (p?.pointerId === e.pointerId && Math.hypot(this.point(e).x - p.at.x, this.point(e).y - p.at.y) > LONG_PRESS_SLOP) this.endPress();
    if (!this.pinch) return;
    e.stopImmediatePropagation();
    const next = this.measure();
    this.camera.panBy(next.mid.x - this.pinch.mid.x, next.mid.y - this.pinch.mid.y);
    this.camera.zoomAt(next.mid, next.dist / this.pinch.dist);
    this.pinch = next;
  }

  private up(e: PointerEvent): void {
    if (this.press?.pointerId === e.pointerId) this.endPress();
    this.touches.delete(e.pointerId);
    if (this.pinch && this.touches.size < 2) this.pinch = null;
    if (this.spent.delete(e.pointerId)) {
      e.stopImmediatePropagation();
      // The finger still down after a pinch stays out of MapInput's way until it too is lifted.
      for (const id of this.touches.keys()) this.spent.add(id);
      this.touches.clear();
    }
  }
}

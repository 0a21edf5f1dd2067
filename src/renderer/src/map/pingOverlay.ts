import Konva from './konva';
import { hexToPixel, type Hex, type HexLayout } from '../../../shared/hex';

/** How long a ping pulses, in ms (about two seconds, as Foundry's and Owlbear's pings last). */
export const PING_MS = 2000;

const RING = '#ff4fd8';
const EDGE = 'rgba(0, 0, 0, 0.85)';

/**
 * The GM's ping on a map (DESIGN §The player projection: the projector's `ping`): three rings
 * spreading from the hex for `PING_MS`, sized in screen pixels so that a TV across the room shows
 * it at any zoom (at least 160 px across at its widest, lines 6 px), in a colour no terrain, spell
 * or side uses, edged in black for any map image under it. It marks the hex only: nothing of what
 * lies there.
 */
export class PingOverlay {
  readonly shape: Konva.Shape;
  private hex: Hex | null = null;
  private started = 0;
  private frame = 0;

  constructor(private readonly layout: () => HexLayout) {
    this.shape = new Konva.Shape({ listening: false, perfectDrawEnabled: false, visible: false, sceneFunc: (context) => this.draw(context._context) });
  }

  /** Starts a pulse at `hex` on the shape's layer (a new ping replaces one still pulsing). */
  start(hex: Hex): void {
    const layer = this.shape.getLayer();
    if (!layer) return;
    this.hex = { q: hex.q, r: hex.r };
    this.started = performance.now();
    this.shape.visible(true);
    cancelAnimationFrame(this.frame);
    const tick = (): void => {
      if (performance.now() - this.started >= PING_MS) {
        this.hex = null;
        this.shape.visible(false);
      } else this.frame = requestAnimationFrame(tick);
      layer.batchDraw();
    };
    this.frame = requestAnimationFrame(tick);
    // Drawn in the task the ping arrived in: a draw left to the next animation frame showed a frame later.
    layer.draw();
  }

  /** The hex pulsing now, or null (for the end-to-end tests). */
  get pulsing(): Hex | null {
    return this.hex;
  }

  private draw(ctx: CanvasRenderingContext2D): void {
    if (this.hex === null) return;
    const layout = this.layout();
    const scale = this.shape.getStage()?.scaleX() ?? 1;
    const c = hexToPixel(layout, this.hex);
    const t = Math.min(1, (performance.now() - this.started) / PING_MS);
    const widest = Math.max(layout.size * 3, 80 / scale);
    const line = 6 / scale;
    for (let k = 0; k < 3; k++) {
      const phase = (t * 3 + k / 3) % 1;
      const r = layout.size * 0.6 + phase * (widest - layout.size * 0.6);
      ctx.globalAlpha = 1 - phase * 0.8;
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
      ctx.lineWidth = line + 3 / scale;
      ctx.strokeStyle = EDGE;
      ctx.stroke();
      ctx.lineWidth = line;
      ctx.strokeStyle = RING;
      ctx.stroke();
    }
    // The hex itself stays marked through the pulse.
    ctx.globalAlpha = 1;
    ctx.beginPath();
    ctx.arc(c.x, c.y, layout.size * 0.45, 0, Math.PI * 2);
    ctx.lineWidth = line;
    ctx.strokeStyle = RING;
    ctx.stroke();
  }
}

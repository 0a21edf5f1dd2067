import Konva from './konva';
import { hexCorners, hexKey, hexToPixel, type Hex, type HexLayout } from '../../../shared/hex';
import type { WorldRect } from './tiledPainter';
import type { MapEffectKind } from '../../../shared/mapEffects';
import { tracePolygon } from './gridShape';

/**
 * Continuing spells cast at a bare hex (001 §Facing; RULINGS S2), as main's views list them: a
 * dashed ring in the school's colour on the hex with the spell's name under it (abbreviated when
 * hexes are small on screen, left out when they are tiny). On the GM map, the hex the cast flow
 * is aiming at is ringed too, in the colour of main's verdict on it.
 */
export interface SpellMarker {
  readonly id: string;
  readonly name: string;
  /** The spell's school (src/main/engine/magic/catalogue SCHOOL_IDS), or null when not known. */
  readonly school: string | null;
  readonly at: Hex;
}

/** The hex the cast flow aims at, and whether main's preview allows it there (001 §Facing). */
export interface SpellAimMarker {
  readonly hex: Hex;
  readonly ok: boolean;
  /** The area the spell's map effect would take there, drawn as its template (effectOverlay.ts). */
  readonly area?: { readonly kind: MapEffectKind; readonly hexes: readonly Hex[] } | null;
}

export const SCHOOL_COLOUR: Readonly<Record<string, string>> = {
  elemental: '#ff8a4c',
  passage: '#fff08a',
  protection: '#5cb8ff',
  mending: '#6ee08a',
  weather: '#9db2ff',
  counter: '#c9d1d9',
  arcane: '#e9a6ff',
  control: '#ff8fc0',
};
const OTHER_COLOUR = '#f2f2f2';
const AIM_OK = '#4fd1c5';
const AIM_REFUSED = '#ff5a5a';

/** The name as the marker shows it at `hexPx` screen pixels a hex: whole, a short form, or none. */
export function markerLabel(name: string, hexPx: number): string | null {
  if (hexPx < 9) return null;
  if (hexPx >= 26 || name.length <= 5) return name;
  const words = name.split(/[\s/]+/).filter((w) => w.length > 0);
  // "Shield Wall" → "SW", "Light" stays, "Pass Wall" → "PW"; one long word → its first four letters.
  return words.length > 1 ? words.map((w) => w[0]!.toUpperCase()).join('') : `${name.slice(0, 4)}.`;
}

/** A shape on the overlay layer (never listening) that draws the spell markers and the aim. */
export class SpellOverlay {
  readonly shape: Konva.Shape;
  /** Markers grouped by hex, so two spells on one hex nest instead of overdrawing. */
  private byHex: readonly { readonly hex: Hex; readonly spells: readonly SpellMarker[] }[] = [];
  private aim: SpellAimMarker | null = null;
  /** The smallest label in screen pixels: 11 on the GM's laptop; larger on a display read from across the table. */
  minFontPx = 11;

  constructor(
    private readonly layout: () => HexLayout,
    private readonly view: () => WorldRect,
  ) {
    this.shape = new Konva.Shape({
      listening: false,
      perfectDrawEnabled: false,
      visible: false,
      sceneFunc: (context) => this.draw(context._context),
    });
  }

  /** The markers to draw; returns false when nothing changed (no redraw needed). */
  setMarkers(markers: readonly SpellMarker[]): boolean {
    const groups = new Map<string, { hex: Hex; spells: SpellMarker[] }>();
    for (const m of markers) {
      const key = hexKey(m.at);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { hex: m.at, spells: [] }));
      g.spells.push(m);
    }
    const next = [...groups.values()];
    if (sameGroups(this.byHex, next)) return false;
    this.byHex = next;
    this.shape.visible(this.byHex.length > 0 || this.aim !== null);
    return true;
  }

  /** The hexes with a marker and the names on each (the end-to-end tests read them). */
  get marked(): readonly { readonly hex: Hex; readonly names: readonly string[] }[] {
    return this.byHex.map((g) => ({ hex: g.hex, names: g.spells.map((s) => s.name) }));
  }

  setAim(aim: SpellAimMarker | null): boolean {
    const a = this.aim;
    if (a === aim || (a && aim && a.ok === aim.ok && a.hex.q === aim.hex.q && a.hex.r === aim.hex.r)) return false;
    this.aim = aim;
    this.shape.visible(this.byHex.length > 0 || this.aim !== null);
    return true;
  }

  private ring(ctx: CanvasRenderingContext2D, hex: Hex, inset: number): void {
    const layout = this.layout();
    const c = hexToPixel(layout, hex);
    ctx.beginPath();
    tracePolygon(
      ctx,
      hexCorners(layout, hex).map((p) => ({ x: c.x + (p.x - c.x) * inset, y: c.y + (p.y - c.y) * inset })),
    );
  }

  private draw(ctx: CanvasRenderingContext2D): void {
    const layout = this.layout();
    const size = layout.size;
    const scale = this.shape.getStage()?.scaleX() ?? 1;
    const hexPx = size * scale;
    const v = this.view();
    const m = size * 2;
    const inView = (p: { x: number; y: number }) => p.x > v.x0 - m && p.x < v.x1 + m && p.y > v.y0 - m && p.y < v.y1 + m;
    ctx.lineJoin = 'round';
    // Screen pixels: the minimum at fit, up to 20 (or the minimum, if larger) on large hexes.
    const fontPx = Math.max(this.minFontPx, Math.min(20, hexPx * 0.4));
    ctx.font = `600 ${fontPx / scale}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const group of this.byHex) {
      const c = hexToPixel(layout, group.hex);
      if (!inView(c)) continue;
      group.spells.forEach((spell, i) => {
        const colour = (spell.school && SCHOOL_COLOUR[spell.school]) || OTHER_COLOUR;
        const inset = Math.max(0.5, 0.86 - i * 0.14);
        this.ring(ctx, group.hex, inset);
        ctx.globalAlpha = 0.16;
        ctx.fillStyle = colour;
        if (i === 0) ctx.fill();
        ctx.globalAlpha = 1;
        ctx.setLineDash([size * 0.22, size * 0.14]);
        ctx.lineWidth = Math.max(2.5 / scale, size * 0.09);
        ctx.strokeStyle = colour;
        ctx.stroke();
        ctx.setLineDash([]);
      });
      const labels = group.spells.map((s) => markerLabel(s.name, hexPx)).filter((t): t is string => t !== null);
      if (labels.length === 0) continue;
      const text = labels.join(' · ');
      // On the hex's lower edge (clear of a token on the hex), on a dark pill so it reads over
      // any terrain or map image.
      const lineH = (fontPx * 1.35) / scale;
      const y = c.y + size * 0.86;
      const w = ctx.measureText(text).width + 8 / scale;
      ctx.fillStyle = 'rgba(10, 12, 16, 0.82)';
      ctx.beginPath();
      ctx.roundRect(c.x - w / 2, y - lineH / 2, w, lineH, 4 / scale);
      ctx.fill();
      const first = group.spells[0]!;
      ctx.fillStyle = (first.school && SCHOOL_COLOUR[first.school]) || OTHER_COLOUR;
      ctx.fillText(text, c.x, y);
    }
    const aim = this.aim;
    if (aim && inView(hexToPixel(layout, aim.hex))) {
      const colour = aim.ok ? AIM_OK : AIM_REFUSED;
      this.ring(ctx, aim.hex, 0.96);
      ctx.lineWidth = Math.max(3 / scale, size * 0.12);
      ctx.strokeStyle = colour;
      ctx.stroke();
      const c = hexToPixel(layout, aim.hex);
      const r = size * 0.3;
      ctx.beginPath();
      ctx.moveTo(c.x - r, c.y);
      ctx.lineTo(c.x + r, c.y);
      ctx.moveTo(c.x, c.y - r);
      ctx.lineTo(c.x, c.y + r);
      ctx.lineWidth = Math.max(2 / scale, size * 0.06);
      ctx.stroke();
    }
  }
}

function sameGroups(
  a: readonly { readonly hex: Hex; readonly spells: readonly SpellMarker[] }[],
  b: readonly { readonly hex: Hex; readonly spells: readonly SpellMarker[] }[],
): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.hex.q !== y.hex.q || x.hex.r !== y.hex.r || x.spells.length !== y.spells.length) return false;
    for (let j = 0; j < x.spells.length; j++) {
      const s = x.spells[j]!;
      const t = y.spells[j]!;
      if (s.id !== t.id || s.name !== t.name || s.school !== t.school) return false;
    }
  }
  return true;
}

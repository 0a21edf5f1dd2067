import Konva from './konva';
import { hexCorners, hexOutline, hexToPixel, type Hex, type HexLayout, type Point } from '../../../shared/hex';
import type { MapEffectKind } from '../../../shared/mapEffects';
import type { WorldRect } from './tiledPainter';
import { tracePolygon } from './gridLines';

/**
 * What continuing spells do to the map where they lie (shared/mapEffects.ts), as main's views list
 * them: each effect's hexes filled in its kind's look, under the spell markers, with the outline of
 * its whole area so the area reads as one shape. The GM sees every effect; the players only the
 * ones main's player view kept, and of them only hexes out of the fog.
 */
export interface EffectArea {
  readonly id: string;
  readonly kind: MapEffectKind;
  readonly hexes: readonly Hex[];
}

interface EffectStyle {
  readonly fill: string;
  readonly alpha: number;
  /** The area's outline, drawn 2 screen pixels wide. */
  readonly outline: string;
  readonly outlineAlpha: number;
  /** Dots scattered in each hex (broken ground), or none. */
  readonly dots: string | null;
}

/** The console's choice of look for each kind: a new kind in MAP_EFFECTS needs its row here. */
const EFFECT_STYLE: Readonly<Record<MapEffectKind, EffectStyle>> = {
  wall: { fill: '#6b6f76', alpha: 0.85, outline: '#2b2e33', outlineAlpha: 1, dots: null },
  darkness: { fill: '#07080b', alpha: 0.55, outline: '#000000', outlineAlpha: 0.8, dots: null },
  light: { fill: '#ffe680', alpha: 0.28, outline: '#ffe680', outlineAlpha: 0.8, dots: null },
  rough: { fill: '#8a6a3a', alpha: 0.35, outline: '#5c4522', outlineAlpha: 0.9, dots: '#4a3519' },
};

/** The outline of the aimed spell's template: the cast flow's aim colour. */
const TEMPLATE_OUTLINE = '#4fd1c5';

/** Where the dots of broken ground sit in a hex, as fractions of the hex's size from its centre. */
const DOTS: readonly Point[] = [
  { x: -0.38, y: -0.22 },
  { x: 0.3, y: -0.34 },
  { x: 0.05, y: 0.12 },
  { x: -0.24, y: 0.42 },
  { x: 0.42, y: 0.3 },
];

/** A shape on the overlay layer (never listening) that draws every spell effect's area. */
export class EffectOverlay {
  readonly shape: Konva.Shape;
  private areas: readonly EffectArea[] = [];
  private aimed: Omit<EffectArea, 'id'> | null = null;
  /** Each area's outline, kept while the layout is the same (hexOutline walks every hex). */
  private outlines = new Map<string, Outline>();
  /** The aimed template's outline, kept the same way until the template changes. */
  private templateOutline: Outline | null = null;

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

  /** The areas to draw; returns false when nothing changed (no redraw needed). */
  setAreas(areas: readonly EffectArea[]): boolean {
    if (sameAreas(this.areas, areas)) return false;
    this.areas = areas;
    this.outlines.clear();
    this.shape.visible(areas.length > 0 || this.aimed !== null);
    return true;
  }

  /**
   * The template of the spell the cast flow aims (GM map only): where its effect would go, as
   * main's preview computed it, drawn as a dashed outline over a faint fill before the cast.
   */
  setTemplate(area: Omit<EffectArea, 'id'> | null): boolean {
    const next = area === null ? null : { kind: area.kind, hexes: area.hexes };
    if (sameArea(this.aimed, next)) return false;
    this.aimed = next;
    this.templateOutline = null;
    this.shape.visible(this.areas.length > 0 || this.aimed !== null);
    return true;
  }

  get template(): { readonly kind: MapEffectKind; readonly hexes: readonly Hex[] } | null {
    return this.aimed === null ? null : { kind: this.aimed.kind, hexes: this.aimed.hexes };
  }

  /** What is drawn: each area's kind and hexes (the end-to-end tests read them). */
  get shown(): readonly { readonly kind: MapEffectKind; readonly hexes: readonly Hex[] }[] {
    return this.areas.map((a) => ({ kind: a.kind, hexes: a.hexes }));
  }

  private outlineOf(area: EffectArea, layout: HexLayout): Point[][] {
    const key = `${area.id}|${area.kind}`;
    const outline = outlineIn(layout, area.hexes, this.outlines.get(key));
    this.outlines.set(key, outline);
    return outline.loops;
  }

  private templateOutlineOf(area: Omit<EffectArea, 'id'>, layout: HexLayout): Point[][] {
    this.templateOutline = outlineIn(layout, area.hexes, this.templateOutline);
    return this.templateOutline.loops;
  }

  private draw(ctx: CanvasRenderingContext2D): void {
    const layout = this.layout();
    const size = layout.size;
    const scale = this.shape.getStage()?.scaleX() ?? 1;
    const v = this.view();
    const m = size * 2;
    const inView = (p: Point) => p.x > v.x0 - m && p.x < v.x1 + m && p.y > v.y0 - m && p.y < v.y1 + m;
    // Dots under a few screen pixels apart would only grey the hex: left out when hexes are small.
    const dotted = size * scale >= 12;
    ctx.lineJoin = 'round';
    for (const area of this.areas) {
      const style = EFFECT_STYLE[area.kind];
      const centres: Point[] = [];
      ctx.beginPath();
      for (const hex of area.hexes) {
        const c = hexToPixel(layout, hex);
        if (!inView(c)) continue;
        centres.push(c);
        tracePolygon(ctx, hexCorners(layout, hex));
      }
      if (centres.length === 0) continue;
      ctx.globalAlpha = style.alpha;
      ctx.fillStyle = style.fill;
      ctx.fill();
      if (style.dots && dotted) {
        const r = size * 0.06;
        ctx.beginPath();
        for (const c of centres) {
          for (const d of DOTS) {
            const x = c.x + d.x * size;
            const y = c.y + d.y * size;
            ctx.moveTo(x + r, y);
            ctx.arc(x, y, r, 0, Math.PI * 2);
          }
        }
        ctx.globalAlpha = Math.min(1, style.alpha * 2.2);
        ctx.fillStyle = style.dots;
        ctx.fill();
      }
      ctx.beginPath();
      for (const loop of this.outlineOf(area, layout)) tracePolygon(ctx, loop);
      ctx.globalAlpha = style.outlineAlpha;
      ctx.lineWidth = 2 / scale;
      ctx.strokeStyle = style.outline;
      ctx.stroke();
    }
    if (this.aimed !== null) this.drawTemplate(ctx, this.aimed, layout, scale, inView);
    ctx.globalAlpha = 1;
  }

  private drawTemplate(ctx: CanvasRenderingContext2D, area: Omit<EffectArea, 'id'>, layout: HexLayout, scale: number, inView: (p: Point) => boolean): void {
    const style = EFFECT_STYLE[area.kind];
    ctx.beginPath();
    for (const hex of area.hexes) if (inView(hexToPixel(layout, hex))) tracePolygon(ctx, hexCorners(layout, hex));
    ctx.globalAlpha = Math.min(0.35, style.alpha * 0.5);
    ctx.fillStyle = style.fill;
    ctx.fill();
    ctx.beginPath();
    for (const loop of this.templateOutlineOf(area, layout)) tracePolygon(ctx, loop);
    ctx.globalAlpha = 1;
    ctx.setLineDash([8 / scale, 5 / scale]);
    ctx.lineWidth = 2.5 / scale;
    ctx.strokeStyle = TEMPLATE_OUTLINE;
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

interface Outline {
  readonly layout: HexLayout;
  readonly loops: Point[][];
}

/** The outline of `hexes` in `layout`: the kept one while it was traced in that layout. */
function outlineIn(layout: HexLayout, hexes: readonly Hex[], kept: Outline | null | undefined): Outline {
  return kept && kept.layout === layout ? kept : { layout, loops: hexOutline(layout, hexes) };
}

/**
 * Whether two areas take the same kind of effect on the same hexes, in the same order: the one
 * test of "nothing to redraw" for the effects drawn here and for the cast flow's aimed template
 * (panels/magic/hexPick.svelte.ts). No area equals only no area.
 */
export function sameArea(a: Omit<EffectArea, 'id'> | null | undefined, b: Omit<EffectArea, 'id'> | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  if (a === b) return true;
  if (a.kind !== b.kind || a.hexes.length !== b.hexes.length) return false;
  for (let j = 0; j < a.hexes.length; j++) {
    const h = a.hexes[j]!;
    const k = b.hexes[j]!;
    if (h.q !== k.q || h.r !== k.r) return false;
  }
  return true;
}

function sameAreas(a: readonly EffectArea[], b: readonly EffectArea[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.id !== b[i]!.id || !sameArea(a[i], b[i])) return false;
  return true;
}

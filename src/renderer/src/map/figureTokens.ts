import Konva from './konva';
import { footprint, hexKey, type Hex, type HexLayout } from '../../../shared/hex';
import type { WorldRect } from './tiledPainter';
import { tokenBitmapStats, tokenRepaintsPending, type TokenGroup } from './tokenBitmap';
import { createFigureNode, detailBand, GM_LOOK, placeFigureNode, setFigureDetail, updateFigureNode, type TokenLook } from './figureNode';
import type { MapFigureModel } from './mapModel';
import { artReady, loadArt } from './tokenArt';
import { PartialDraw } from './partialDraw';

/** How a push of figures is drawn: who is selected, who is under the GM's hand, how big a hex is. */
export interface TokenPass {
  readonly layout: HexLayout;
  readonly selectedId: string | null;
  /** The figure being dragged keeps the position the pointer gives it. */
  readonly draggingId: string | null;
  readonly hexPx: number;
  readonly view: WorldRect;
}

/**
 * The figures' layer: one Konva group per figure, updated only when what it shows changed, and
 * the hex → figure index the pointer reads (never Konva's hit graph).
 */
export class FigureTokens {
  readonly layer = new Konva.Layer({ listening: false });
  private readonly nodes = new Map<string, TokenGroup>();
  /** What each node was last drawn from, so an unchanged figure costs nothing on a push. */
  private readonly drawn = new Map<string, { figure: MapFigureModel; selected: boolean }>();
  private figures: readonly MapFigureModel[] = [];
  private occupied = new Map<string, string>();
  private detail = { hexPx: 0, selectedId: null as string | null };
  /** The band of screen hex sizes (`detailBand`) every token's level of detail was last set for. */
  private band = '';
  private look: TokenLook = GM_LOOK;
  /** How many times a token was drawn anew from its figure (a camera move or an equal push should cost none). */
  updates = 0;
  /** A push redraws only the tokens it changed; how far a token reaches, in hex sizes, bounds the search. */
  private readonly redraw = new PartialDraw(
    this.layer,
    () => this.layer.getAbsoluteScale().x * this.hexSize * (4 * Math.max(this.look.tokenScale, this.look.labelScale) + 3),
  );
  private hexSize = 32;

  /** Draws every token anew with `look` on the next `set` (the player display's sizes); false when it is the same. */
  setLook(look: TokenLook): boolean {
    const was = this.look;
    if (look.tokenScale === was.tokenScale && look.labelScale === was.labelScale) return false;
    this.look = look;
    this.band = '';
    this.drawn.clear();
    this.redraw.all();
    return true;
  }

  /** Hex key → the id of the figure covering it. */
  get occupancy(): ReadonlyMap<string, string> {
    return this.occupied;
  }

  /** How many token bitmaps this page painted from their parts (a pan paints none; a turn, its token's). */
  get bitmapPaints(): number {
    return tokenBitmapStats.builds;
  }

  /** True while tokens show a bitmap of another zoom or level of detail, to be painted anew in the next frames. */
  get repainting(): boolean {
    return tokenRepaintsPending();
  }

  get all(): readonly MapFigureModel[] {
    return this.figures;
  }

  node(id: string): TokenGroup | undefined {
    return this.nodes.get(id);
  }

  find(id: string): MapFigureModel | undefined {
    return this.figures.find((f) => f.id === id);
  }

  /**
   * Draws a figure's token turned to `facing` where it stands now (the dragged token, turned with
   * Q / E or the wheel before the drop), or as its figure faces again with null.
   */
  showFacing(id: string, facing: number | null, layout: HexLayout): void {
    const node = this.nodes.get(id);
    const figure = this.find(id);
    if (!node || !figure) return;
    const at = node.position();
    updateFigureNode(node, facing === null ? figure : { ...figure, facing }, layout, id === this.detail.selectedId, this.look);
    node.position(at);
    // The next push draws it from its figure again, whatever it shows now.
    this.drawn.delete(id);
  }

  figureAt(hex: Hex): MapFigureModel | null {
    const id = this.occupied.get(hexKey(hex));
    return id ? (this.find(id) ?? null) : null;
  }

  set(figures: readonly MapFigureModel[], pass: TokenPass): void {
    // Konva would draw the whole layer on the next frame for any attribute set: the boxes of
    // what changed are drawn instead (partialDraw.ts).
    const autoDraw = Konva.autoDrawEnabled;
    Konva.autoDrawEnabled = false;
    try {
      this.update(figures, pass);
    } finally {
      Konva.autoDrawEnabled = autoDraw;
    }
    this.redraw.flush();
  }

  private update(figures: readonly MapFigureModel[], pass: TokenPass): void {
    this.figures = figures;
    this.hexSize = pass.layout.size;
    this.detail = { hexPx: pass.hexPx, selectedId: pass.selectedId };
    const seen = new Set<string>();
    const changed: TokenGroup[] = [];
    const occupied = new Map<string, string>();
    for (const figure of figures) {
      seen.add(figure.id);
      for (const key of coveredKeys(figure)) occupied.set(key, figure.id);
      let node = this.nodes.get(figure.id);
      if (!node) {
        node = createFigureNode(pass.layout);
        this.nodes.set(figure.id, node);
        this.layer.add(node);
      }
      const selected = figure.id === pass.selectedId;
      const drawn = this.drawn.get(figure.id);
      if (figure.id !== pass.draggingId && (!drawn || drawn.selected !== selected || (drawn.figure !== figure && !sameFigure(drawn.figure, figure)))) {
        this.redraw.node(node);
        changed.push(node);
        this.drawn.set(figure.id, { figure, selected });
        if (drawn && drawn.selected === selected && sameFigure(drawn.figure, { ...figure, position: drawn.figure.position })) {
          placeFigureNode(node, figure, pass.layout);
          continue;
        }
        updateFigureNode(node, figure, pass.layout, selected, this.look);
        this.updates++;
        setFigureDetail(node, pass.hexPx, selected);
        if (figure.art && !artReady(figure.art)) this.whenLoaded(figure.art);
      }
    }
    this.occupied = occupied;
    // A token with states drawn beside it goes over its neighbours, so its pills are not hidden under them.
    for (const node of changed) if (this.drawn.get(node.id())?.figure.conditions?.length) node.moveToTop();
    for (const f of figures) if (f.ridingId) this.nodes.get(f.id)?.moveToTop(); // a rider sits on its mount
    for (const [id, node] of this.nodes) {
      if (!seen.has(id)) {
        this.redraw.node(node);
        node.destroy();
        this.nodes.delete(id);
        this.drawn.delete(id);
      }
    }
    const selected = pass.selectedId ? this.nodes.get(pass.selectedId) : undefined;
    if (selected && selected.getLayer() === this.layer) selected.moveToTop();
    // Only the tokens this push changed can have moved in or out of view; the camera culls the rest.
    this.cullNodes(changed, pass.view, pass.layout.size * 3);
    for (const node of changed) this.redraw.node(node);
  }

  /** Forgets every node (the hex orientation changed, so every shape must be built again). */
  clear(): void {
    this.redraw.all();
    for (const node of this.nodes.values()) node.destroy();
    this.nodes.clear();
    this.drawn.clear();
  }

  /** Once an art asset is decoded, the tokens that show it draw it (until then they are the side's disc). */
  private whenLoaded(asset: string): void {
    loadArt(asset).then(
      () => {
        for (const figure of this.figures) {
          const node = this.nodes.get(figure.id);
          if (figure.art === asset && node) setFigureDetail(node, this.detail.hexPx, figure.id === this.detail.selectedId);
        }
        this.layer.batchDraw();
      },
      () => undefined, // The token stays the side's disc; the GM can import the art again.
    );
  }

  /** The zoom changed: every token takes the level of detail of `hexPx`, when it is in another band than before. */
  setDetail(hexPx: number, selectedId: string | null): void {
    const band = detailBand(hexPx, this.look.labelScale);
    const same = band === this.band && selectedId === this.detail.selectedId;
    this.detail = { hexPx, selectedId };
    if (same) return;
    this.band = band;
    for (const [id, node] of this.nodes) setFigureDetail(node, hexPx, id === selectedId);
  }

  /** Tokens wholly outside the view (by more than `margin`) are not drawn. */
  cull(view: WorldRect, margin: number): void {
    this.cullNodes(this.nodes.values(), view, margin);
  }

  private cullNodes(nodes: Iterable<TokenGroup>, view: WorldRect, margin: number): void {
    for (const node of nodes) {
      if (node.getLayer() !== this.layer) continue;
      const x = node.x();
      const y = node.y();
      const inView = x > view.x0 - margin && x < view.x1 + margin && y > view.y0 - margin && y < view.y1 + margin;
      node.visible(inView);
      if (!inView) node.standInLater();
    }
  }
}

/** The hex keys a figure covers, kept per model: a push keeps the models of the figures it left alone. */
const covered = new WeakMap<MapFigureModel, readonly string[]>();
function coveredKeys(figure: MapFigureModel): readonly string[] {
  let keys = covered.get(figure);
  if (!keys) covered.set(figure, (keys = footprint(figure.position, figure.facing, figure.size).map(hexKey)));
  return keys;
}

function sameFigure(a: MapFigureModel, b: MapFigureModel): boolean {
  return (
    a.position.q === b.position.q &&
    a.position.r === b.position.r &&
    a.facing === b.facing &&
    a.size === b.size &&
    a.posture === b.posture &&
    a.hidden === b.hidden &&
    a.fogged === b.fogged &&
    a.color === b.color &&
    a.name === b.name &&
    a.stride === b.stride &&
    a.art === b.art &&
    (a.acting ?? false) === (b.acting ?? false) &&
    conditionsKey(a.conditions) === conditionsKey(b.conditions)
  );
}

const conditionsKey = (list: MapFigureModel['conditions']): string => (list ?? []).map((c) => `${c.kind}${c.gmOnly ? '!' : ''}:${c.label}`).join('|');

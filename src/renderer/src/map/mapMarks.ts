import Konva from './konva';
import type { Frame } from '../../../shared/contract/channels/display';
import { hexKey, type Hex, type HexLayout } from '../../../shared/hex';
import { createCachedShape, paintMegahexes } from './gridShape';
import type { MapTerrainModel } from './mapModel';
import type { WorldRect } from './tiledPainter';
import { TiledPainter } from './tiledPainter';
import { DrawingOverlay, type DrawingModel } from './drawingOverlay';
import { EffectOverlay, type EffectArea } from './effectOverlay';
import { HandOverlay, type DragPath, type PlaceGhost } from './handOverlay';
import { PingOverlay } from './pingOverlay';
import { ProposalOverlay, type ProposalMarker } from './proposalOverlay';
import { ReachOverlay, type ReachModel } from './reachOverlay';
import { SpellOverlay, type SpellAimMarker, type SpellMarker } from './spellOverlay';
import { ToolOverlays, type BrushState } from './toolOverlays';

/** What a mark needs of the map around it. */
export interface MarksHost {
  layout(): HexLayout;
  terrain(): MapTerrainModel;
  scale(): number;
  viewRect(): WorldRect;
  /** The camera for a cached shape (gridShape.ts), and how a layer asks to be drawn again. */
  camera(): { view: WorldRect; scale: number; bounds: WorldRect; fitScale: number };
  want(layer: Konva.Layer, fill: () => boolean): void;
  brush(): BrushState | null;
}

/**
 * Everything the map marks over the terrain, on one layer that never listens (DESIGN §Rendering):
 * spell effects' areas, the selected figure's reach, the tactics' proposal, spells, the megahex overlay, the GM's tools
 * (ruler, brush, calibration, the projector's frame) and the hand (a ghost being placed, a drag's
 * path). Each setter redraws the layer only when what it shows changed.
 */
export class MapMarks {
  readonly layer = new Konva.Layer({ listening: false });
  readonly tools: ToolOverlays;
  private readonly reach: ReachOverlay;
  private readonly proposal: ProposalOverlay;
  private readonly spells: SpellOverlay;
  private readonly effects: EffectOverlay;
  private readonly hand: HandOverlay;
  private readonly ping: PingOverlay;
  private readonly drawings = new DrawingOverlay();
  private readonly megahexPainter: TiledPainter;
  private readonly megahexShape: Konva.Shape;

  constructor(host: MarksHost, options: { readonly interactive: boolean }) {
    this.reach = new ReachOverlay(host.layout);
    this.proposal = new ProposalOverlay(host.layout);
    this.spells = new SpellOverlay(host.layout, host.viewRect);
    this.effects = new EffectOverlay(host.layout, host.viewRect);
    this.hand = new HandOverlay(host.layout);
    this.ping = new PingOverlay(host.layout);
    this.megahexPainter = new TiledPainter((ctx, view, scale) => paintMegahexes(ctx, host.terrain(), host.layout(), view, scale));
    this.megahexShape = createCachedShape(this.megahexPainter, host.camera, host.want);
    this.megahexShape.visible(false);
    this.tools = new ToolOverlays(host.layout, host.scale, host.brush);
    const t = this.tools;
    // Spell effects lie on the ground: under the reach bands, the proposal and the spell markers.
    this.layer.add(
      this.effects.shape,
      this.reach.shape,
      this.proposal.shape,
      this.spells.shape,
      this.megahexShape,
      this.drawings.group,
      t.projectorFrame,
      t.brushShape,
      t.ruler,
      t.calibrateLine,
      t.drawingStroke,
      this.hand.shape,
      this.ping.shape,
    );
    // The player display is read from across the table: its spell labels never go below 16 px.
    if (!options.interactive) this.spells.minFontPx = 16;
  }

  /** The map changed shape or terrain: the megahex tiles are painted again. */
  mapChanged(): void {
    this.megahexPainter.invalidate();
  }

  /** True while the megahexes are shown and a tile of theirs still waits to be painted. */
  get pending(): boolean {
    return this.megahexShape.visible() && this.megahexPainter.pending;
  }

  setMegahexes(on: boolean): void {
    this.megahexShape.visible(on);
    this.layer.batchDraw();
  }

  get megahexesShown(): boolean {
    return this.megahexShape.visible();
  }

  /** The selected figure's reach bands and facing zones (reachOverlay.ts), or none. */
  setReach(model: ReachModel | null): void {
    this.reach.set(model);
    this.layer.batchDraw();
  }

  /** What the reach overlay draws now (for the end-to-end tests). */
  get reachShown(): ReachModel | null {
    return this.reach.shown;
  }

  /** The tactics' suggested move and target (proposalOverlay.ts), or none. GM page only. */
  setProposal(marker: ProposalMarker | null): void {
    if (this.proposal.set(marker)) this.layer.batchDraw();
  }

  get proposalShown(): ProposalMarker | null {
    return this.proposal.shown;
  }

  /** Continuing spells cast at bare hexes (spellOverlay.ts), from main's view. */
  setSpells(markers: readonly SpellMarker[]): void {
    if (this.spells.setMarkers(markers)) this.layer.batchDraw();
  }

  /** The hexes with a spell marker and the spells' names (for the end-to-end tests). */
  get spellMarkers(): readonly { readonly hex: Hex; readonly names: readonly string[] }[] {
    return this.spells.marked;
  }

  /** What continuing spells do to the map where they lie (effectOverlay.ts), from main's view. */
  setEffects(areas: readonly EffectArea[]): void {
    if (this.effects.setAreas(areas)) this.layer.batchDraw();
  }

  /** Each spell effect's kind and its hexes as "q,r" keys (for the end-to-end tests). */
  get effectAreas(): { kind: string; hexes: string[] }[] {
    return this.effects.shown.map((a) => ({ kind: a.kind, hexes: a.hexes.map(hexKey) }));
  }

  /** The GM's drawings (drawingOverlay.ts), from main's view. */
  setDrawings(models: readonly DrawingModel[]): void {
    if (this.drawings.set(models)) this.layer.batchDraw();
  }

  /** The drawings drawn now (for the end-to-end tests). */
  get drawingsShown(): readonly DrawingModel[] {
    return this.drawings.drawn;
  }

  /** The hex the cast flow aims at, ringed in main's verdict's colour, or none. */
  setSpellAim(aim: SpellAimMarker | null): void {
    const ringed = this.spells.setAim(aim);
    const template = this.effects.setTemplate(aim?.area ?? null);
    if (ringed || template) this.layer.batchDraw();
  }

  /** The area the aimed spell's effect would take, as "q,r" keys, or null (for the end-to-end tests). */
  get effectTemplate(): { kind: string; hexes: string[] } | null {
    const t = this.effects.template;
    return t === null ? null : { kind: t.kind, hexes: t.hexes.map(hexKey) };
  }

  /** The ghost of a figure being placed, or none. */
  setPlaceGhost(ghost: PlaceGhost | null): void {
    this.hand.setGhost(ghost);
    this.layer.batchDraw();
  }

  /** The path a dragged figure's drop would walk, as main previewed it, or none. */
  setDragPath(path: DragPath | null): void {
    this.hand.setPath(path);
    this.layer.batchDraw();
  }

  /** What the hand overlay draws now (for the end-to-end tests). */
  get handState(): { ghost: PlaceGhost | null; path: DragPath | null } {
    return this.hand.current;
  }

  /** The GM's ping: the hex pulses on this map for a moment (pingOverlay.ts). */
  pulse(hex: Hex): void {
    this.ping.start(hex);
  }

  /** The hex pulsing now, or null (for the end-to-end tests). */
  get pulsing(): Hex | null {
    return this.ping.pulsing;
  }

  /** The ruler's label (the numbers main measured), or null while it is being measured. */
  setRulerLabel(text: string | null): void {
    this.tools.setRulerLabel(text);
    this.layer.batchDraw();
  }

  /** The ruler's label this many times the GM's size (the player display's label scale). */
  setLabelScale(k: number): void {
    this.tools.setLabelScale(k);
    this.layer.batchDraw();
  }

  /** Outlines the part of the map the projector shows (world units, see `Frame`), or hides it. */
  setProjectorFrame(frame: Frame | null, label = 'Projector'): void {
    this.tools.setProjectorFrame(frame, label);
    this.layer.batchDraw();
  }
}

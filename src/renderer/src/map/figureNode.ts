import Konva from './konva';
import { footprint, hexNeighbor, hexOutline, hexToPixel, type HexLayout, type Point } from '../../../shared/hex';
import type { MapFigureModel } from './mapModel';
import { artCut, artTextureSize, type ArtShape } from './tokenArt';
import { TokenText } from './tokenText';
import { TokenGroup } from './tokenBitmap';
import { createConditionPills, layoutConditionPills } from './conditionPills';

/** Postures other than standing get a letter badge on the token. */
export const POSTURE_BADGE: Readonly<Record<string, string>> = {
  kneeling: 'K',
  prone: 'P',
  knockedDown: 'D',
  unconscious: 'U',
  dead: '✕',
};

const GOLD = '#ffd166';
const INK = '#f3efe6';
/** The acting figure's ring: a cyan no side, terrain or spell uses. */
const TURN = '#7df9ff';

/** Up to three characters that tell figures apart on a small token: "Bram" → "Br", "Raider 12" → "R12". */
export function tokenInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const last = words.at(-1) ?? '';
  if (words.length >= 2 && /^\d+$/.test(last)) return (words[0]![0]!.toUpperCase() + last).slice(0, 3);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  const word = words[0] ?? '?';
  return word.slice(0, 1).toUpperCase() + word.slice(1, 2).toLowerCase();
}

/**
 * How tokens are drawn on one map: the player display may draw discs and labels larger than the
 * GM map, independent of zoom. The console's choice, one rule on every map: a disc holds the
 * figure's initials and its whole name is written under it (a name written whole in one disc when
 * it fitted put "Cu" beside "Sneak" on the projector).
 */
export interface TokenLook {
  readonly tokenScale: number;
  readonly labelScale: number;
}
export const GM_LOOK: TokenLook = { tokenScale: 1, labelScale: 1 };

/** The disc's initials and their size for a disc of radius `r`. */
function discText(name: string, r: number): { text: string; fontSize: number } {
  const text = tokenInitials(name);
  return { text, fontSize: r * (text.length > 2 ? 0.72 : 0.86) };
}

/** Size of the disc for a 1-, 3- and 7-hex figure, in hex sizes. */
const DISC = { 1: 0.74, 3: 0.9, 7: 1.45 } as const;

/**
 * One figure token, drawn around its anchor hex (the group's origin): the footprint of a 3- or
 * 7-hex figure, a side-coloured disc with the figure's initials, a facing pointer, a posture
 * badge, the name under it, and a gold ring when selected.
 */
export function createFigureNode(layout: HexLayout): TokenGroup {
  const s = layout.size;
  const group: TokenGroup = new TokenGroup({ listening: false }, (pixelsPerUnit) => fitArt(group, pixelsPerUnit));
  const common = { listening: false, perfectDrawEnabled: false } as const;
  const badge = new Konva.Group({ name: 'badge', ...common });
  const parts: TokenParts = {
    // Under everything: the ring of the figure whose turn it is, wider than the hex, seen across the room.
    turn: new Konva.Circle({ name: 'turn', stroke: TURN, strokeWidth: s * 0.2, fill: 'rgba(125, 249, 255, 0.16)', visible: false, ...common }),
    footprint: new Konva.Line({ name: 'footprint', closed: true, strokeWidth: 2, ...common }),
    halo: new Konva.Circle({ name: 'halo', stroke: GOLD, strokeWidth: s * 0.16, opacity: 0.9, ...common }),
    // Token art sits under the side's ring (the disc's stroke, or the footprint's edge) and the facing notch.
    art: new Konva.Image({ name: 'art', image: undefined, visible: false, ...common }),
    edge: new Konva.Line({ name: 'edge', closed: true, visible: false, ...common }),
    notch: new Konva.Line({ name: 'notch', closed: true, fill: INK, stroke: '#111', strokeWidth: 1, ...common }),
    disc: new Konva.Circle({ name: 'disc', strokeWidth: 2, stroke: INK, shadowForStrokeEnabled: false, ...common }),
    initials: new TokenText({ name: 'initials', fontStyle: 'bold', fill: '#ffffff', align: 'center', verticalAlign: 'middle', ...common }),
    name: new TokenText({ name: 'name', fontSize: s * 0.34, fill: '#ffffff', align: 'center', stroke: '#000', strokeWidth: 0, ...common }),
    badge,
    badgeText: new TokenText({
      name: 'badgeText',
      fontSize: s * 0.34,
      fontStyle: 'bold',
      fill: '#111',
      width: s * 0.54,
      height: s * 0.54,
      offsetX: s * 0.27,
      offsetY: s * 0.25,
      align: 'center',
      verticalAlign: 'middle',
      ...common,
    }),
    // GM map: why the players do not see this figure — hidden (⊘) or under fog (☁).
    veil: new TokenText({ name: 'veil', fontSize: s * 0.42, fontStyle: 'bold', fill: '#ffffff', stroke: '#000', strokeWidth: 0.8, ...common }),
    conditions: createConditionPills(),
  };
  badge.add(new Konva.Circle({ name: 'badgeDisc', radius: s * 0.27, fill: GOLD, stroke: '#111', strokeWidth: 1.5, ...common }), parts.badgeText);
  group.add(
    parts.turn,
    parts.footprint,
    parts.halo,
    parts.art,
    parts.edge,
    parts.notch,
    parts.disc,
    parts.initials,
    parts.name,
    badge,
    parts.veil,
    parts.conditions,
  );
  partsOf.set(group, parts);
  return group;
}

/** A token's parts, kept beside its group: finding them by name searched the group on every update. */
interface TokenParts {
  readonly turn: Konva.Circle;
  readonly footprint: Konva.Line;
  readonly halo: Konva.Circle;
  readonly art: Konva.Image;
  readonly edge: Konva.Line;
  readonly notch: Konva.Line;
  readonly disc: Konva.Circle;
  readonly initials: Konva.Text;
  readonly name: Konva.Text;
  readonly badge: Konva.Group;
  readonly badgeText: Konva.Text;
  readonly veil: Konva.Text;
  readonly conditions: Konva.Group;
}
const partsOf = new WeakMap<TokenGroup, TokenParts>();

function parts(group: TokenGroup): TokenParts {
  const found = partsOf.get(group);
  if (!found) throw new Error('Not a figure token: tokens are made by createFigureNode.');
  return found;
}

/** Where the disc sits relative to the anchor: the middle of the footprint. */
function discCentre(figure: MapFigureModel, layout: HexLayout): Point {
  const anchor = hexToPixel(layout, figure.position);
  const cells = footprint(figure.position, figure.facing, figure.size).map((h) => hexToPixel(layout, h));
  const x = cells.reduce((sum, p) => sum + p.x, 0) / cells.length - anchor.x;
  const y = cells.reduce((sum, p) => sum + p.y, 0) / cells.length - anchor.y;
  return { x, y };
}

/** What a node's art is cut to, in the group's own units: kept per node so a zoom can pick the texture size. */
interface NodeArt {
  readonly asset: string;
  readonly shape: ArtShape;
  /** Where the shape's origin sits in the group. */
  readonly at: Point;
  readonly hexSize: number;
}
const artOf = new WeakMap<TokenGroup, NodeArt>();

/**
 * A figure that only stepped to another hex: its token moves whole and keeps its bitmaps, since
 * every part sits relative to the anchor hex (a hex grid's shapes are the same wherever they stand).
 */
export function placeFigureNode(group: TokenGroup, figure: MapFigureModel, layout: HexLayout): void {
  group.position(hexToPixel(layout, figure.position));
}

export function updateFigureNode(group: TokenGroup, figure: MapFigureModel, layout: HexLayout, selected: boolean, look: TokenLook = GM_LOOK): void {
  const s = layout.size;
  const anchor = hexToPixel(layout, figure.position);
  group.position(anchor);
  group.id(figure.id);
  group.opacity(figure.hidden || figure.fogged ? 0.5 : figure.posture === 'dead' ? 0.6 : 1);

  const centre = discCentre(figure, layout);
  const r = s * DISC[figure.size] * look.tokenScale;

  const outline = figure.size === 1 ? [] : (hexOutline(layout, footprint(figure.position, figure.facing, figure.size))[0] ?? []);
  const part = parts(group);
  const fp = part.footprint;
  fp.visible(outline.length > 0);
  fp.points(outline.flatMap((p) => [p.x - anchor.x, p.y - anchor.y]));
  fp.fill(figure.color + '66');
  fp.stroke(selected ? GOLD : figure.color);
  fp.strokeWidth(selected ? s * 0.12 : s * 0.06);
  fp.dash(figure.hidden ? [s * 0.2, s * 0.12] : []);
  part.edge.setAttrs({ points: fp.points(), stroke: fp.stroke(), strokeWidth: fp.strokeWidth(), dash: fp.dash() });

  part.turn.visible(figure.acting === true);
  part.turn.position(centre);
  part.turn.radius(Math.max(r + s * 0.3, s * (figure.size === 1 ? 1 : DISC[figure.size] + 0.5)));

  const halo = part.halo;
  halo.visible(selected);
  halo.position(centre);
  halo.radius(r + s * 0.16);

  // The pointer aims at the faced hex side: the direction of the neighbour the figure faces.
  const front = hexToPixel(layout, hexNeighbor(figure.position, figure.facing));
  const a = Math.atan2(front.y - anchor.y, front.x - anchor.x);
  const tip = { x: centre.x + Math.cos(a) * (r + s * 0.3), y: centre.y + Math.sin(a) * (r + s * 0.3) };
  const side = (da: number) => ({ x: centre.x + Math.cos(a + da) * (r - 1), y: centre.y + Math.sin(a + da) * (r - 1) });
  const left = side(-0.42);
  const right = side(0.42);
  part.notch.points([left.x, left.y, tip.x, tip.y, right.x, right.y]);

  const disc = part.disc;
  disc.position(centre);
  disc.radius(r);
  disc.fill(figure.color);
  disc.stroke(selected ? GOLD : INK);
  disc.strokeWidth(selected ? s * 0.1 : s * 0.06);
  disc.dash(figure.hidden ? [s * 0.18, s * 0.1] : []);

  // A 1-hex figure's art fills its disc; a 3- or 7-hex figure's spreads over its footprint.
  if (!figure.art) artOf.delete(group);
  else if (outline.length > 0) artOf.set(group, { asset: figure.art, shape: { kind: 'outline', points: fp.points() }, at: { x: 0, y: 0 }, hexSize: s });
  else artOf.set(group, { asset: figure.art, shape: { kind: 'disc', radius: r }, at: centre, hexSize: s });

  const initials = part.initials;
  const { text, fontSize } = discText(figure.name, r);
  initials.setAttrs({ text, fontSize, width: r * 2, height: r * 2, x: centre.x - r, y: centre.y - r });

  const name = part.name;
  // RULINGS O3: under stride & momentum the label adds the figure's stride ("Bram · s6"), when given.
  const stride = figure.stride;
  const label = stride !== undefined && stride !== null ? `${figure.name} · ${stride === 0 ? 'stopped' : `s${stride}`}` : figure.name;
  const k = look.labelScale;
  name.setAttrs({
    text: label,
    fontSize: s * 0.34 * k,
    width: s * 4 * k,
    x: centre.x - s * 2 * k,
    y: centre.y + r + s * 0.12,
    labelScale: k,
  });

  const badge = part.badge;
  const letter = POSTURE_BADGE[figure.posture] ?? '';
  badge.visible(letter !== '');
  badge.position({ x: centre.x + r * 0.78, y: centre.y - r * 0.78 });
  part.badgeText.text(letter);

  const veil = `${figure.hidden ? '⊘' : ''}${figure.fogged ? '☁' : ''}`;
  part.veil.setAttrs({ text: veil, visible: veil !== '', x: centre.x - r * 1.25, y: centre.y - r * 1.2 });

  layoutConditionPills(part.conditions, figure.conditions ?? [], centre.x - r - s * 0.12, centre.y - r * 0.55, s, k);
  group.invalidate();
}

/**
 * The console's choices: which parts a hex `hexPx` CSS px across on screen is large enough for;
 * labels are scaled by the look's `labelScale`.
 */
function reached(hexPx: number, labelScale: number): { notch: boolean; letters: boolean; selectedName: boolean; name: boolean } {
  return { notch: hexPx >= 7, letters: hexPx >= 9, selectedName: hexPx * labelScale >= 24, name: hexPx * labelScale >= 30 };
}

/**
 * Which band of screen hex sizes `hexPx` is in: within a band every token's level of detail is
 * the same (`setFigureDetail`), so a zoom needs to set it again only when the band changes.
 */
export function detailBand(hexPx: number, labelScale: number): string {
  return Object.values(reached(hexPx, labelScale))
    .map((on) => (on ? 1 : 0))
    .join('');
}

/**
 * Level of detail by how large a hex is on screen: tiny tokens are only discs, names appear
 * when they can be read.
 */
export function setFigureDetail(group: TokenGroup, hexPx: number, selected: boolean): void {
  const part = parts(group);
  const withArt = showArt(group, part, hexPx);
  const name = part.name;
  const shows = reached(hexPx, (name.getAttr('labelScale') as number | undefined) ?? 1);
  part.initials.visible(shows.letters && !withArt);
  part.conditions.visible(shows.letters);
  part.notch.visible(shows.notch);
  name.visible(shows.name || (selected && shows.selectedName));
  group.setDetail(detailOf(part));
}

/**
 * What the level of detail may change in a token's look (the rest changes only in
 * `updateFigureNode`): which parts show, and whether its art does. Not the art's texture, which
 * follows the bitmap's resolution (`fitArt`).
 */
function detailOf(part: TokenParts): string {
  const shown = [part.initials, part.conditions, part.notch, part.name, part.disc, part.edge].map((n) => (n.visible() ? 1 : 0)).join('');
  return `${shown}${part.disc.fillEnabled() ? 1 : 0}`;
}

/** How wide a token's art is, in the token's own units (a footprint's widest span). */
function artWidth(shape: ArtShape): number {
  return shape.kind === 'disc' ? shape.radius * 2 : Math.max(...shape.points) - Math.min(...shape.points);
}

/**
 * The art, if shown, cut at the texture a bitmap of `pixelsPerUnit` device pixels per unit needs:
 * so a token's bitmap of one texture level shows the same art whenever it was painted (a page
 * that zoomed there step by step, or one freshly loaded at that zoom).
 */
function fitArt(group: TokenGroup, pixelsPerUnit: number): void {
  const art = artOf.get(group);
  const node = parts(group).art;
  if (!art || !node.visible()) return;
  const cutArt = artCut(art.asset, art.shape, artTextureSize(artWidth(art.shape), pixelsPerUnit));
  if (!cutArt) return;
  const autoDraw = Konva.autoDrawEnabled;
  // Set while the layer draws: no other draw is to be asked for.
  Konva.autoDrawEnabled = false;
  try {
    node.image(cutArt.canvas);
  } finally {
    Konva.autoDrawEnabled = autoDraw;
  }
}

/**
 * Puts the node's art over its shape, cut at the texture size this zoom needs (each bitmap cuts it
 * again at its own, `fitArt`); the disc's fill and initials give way to it (a 1-hex figure keeps
 * its ring), or the disc gives way to the footprint's edge (3 and 7 hexes). Without art, or until
 * it is decoded, the token is the side's disc. Returns whether art is shown.
 */
function showArt(group: TokenGroup, part: TokenParts, hexPx: number): boolean {
  const art = artOf.get(group);
  const node = part.art;
  const shape = art?.shape;
  const screen = (hexPx * (globalThis.devicePixelRatio || 1)) / (art?.hexSize ?? 1);
  const cutArt = art && shape ? artCut(art.asset, shape, artTextureSize(artWidth(shape), screen)) : null;
  const multi = shape?.kind === 'outline';
  node.visible(cutArt !== null);
  if (art && cutArt)
    node.setAttrs({ image: cutArt.canvas, x: art.at.x + cutArt.box.x, y: art.at.y + cutArt.box.y, width: cutArt.box.width, height: cutArt.box.height });
  part.disc.fillEnabled(cutArt === null);
  part.disc.visible(cutArt === null || !multi);
  part.edge.visible(cutArt !== null && multi);
  return cutArt !== null;
}

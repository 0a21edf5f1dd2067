/**
 * A token's level of detail (src/renderer/src/map/figureNode.ts): the map sets it again only when
 * the zoom crosses into another band of hex sizes (`detailBand`), so within a band every zoom must
 * give a token the same look; a band that missed a threshold left a page that zoomed across it
 * showing the detail of where it came from (a projector without facing notches on 8 px
 * hexes). Konva nodes are built here without a canvas: nothing is drawn.
 */
import { describe, expect, it } from 'vitest';

type Node = { visible(): boolean; fillEnabled?(): boolean };
type Token = { findOne(selector: string): Node };
type Look = { tokenScale: number; labelScale: number };
type FigureNodeModule = {
  createFigureNode(layout: unknown): Token;
  updateFigureNode(group: Token, figure: unknown, layout: unknown, selected: boolean, look: Look): void;
  setFigureDetail(group: Token, hexPx: number, selected: boolean): void;
  detailBand(hexPx: number, labelScale: number): string;
};
// Renderer code, outside tsconfig.node.json's file list: imported by a computed path (see projection.test.ts).
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'figureNode'].join('/');
const { createFigureNode, updateFigureNode, setFigureDetail, detailBand } = (await import(/* @vite-ignore */ modulePath)) as FigureNodeModule;

const layout = { orientation: 'flat', size: 32, origin: { x: 32, y: 32 } };
const figure = {
  id: 'a',
  name: 'Bram Ashford',
  position: { q: 2, r: 3 },
  facing: 1,
  size: 1,
  posture: 'standing',
  hidden: false,
  fogged: false,
  color: '#5577aa',
  conditions: [{ label: 'Bleeding', kind: 'rule' }],
};

/** Which of a token's parts show at `hexPx`. */
function looks(token: Token, hexPx: number, selected: boolean): string {
  setFigureDetail(token, hexPx, selected);
  return ['.initials', '.conditions', '.notch', '.name', '.disc'].map((name) => `${name}:${token.findOne(name).visible()}`).join(' ');
}

/** Screen hex sizes from 1 to 80 px in steps of 1/64 px (exact in binary, so each threshold is met on the dot). */
const sizes = Array.from({ length: 79 * 64 + 1 }, (_, i) => 1 + i / 64);

describe('a token’s level of detail by bands of hex sizes', () => {
  for (const labelScale of [0.5, 1, 1.25, 1.5, 2, 3]) {
    for (const selected of [false, true]) {
      it(`is the same at every zoom of one band (labels ×${labelScale}${selected ? ', selected' : ''})`, () => {
        const token = createFigureNode(layout);
        updateFigureNode(token, figure, layout, selected, { tokenScale: 1, labelScale });
        const byBand = new Map<string, { hexPx: number; look: string }>();
        for (const hexPx of sizes) {
          const band = detailBand(hexPx, labelScale);
          const look = looks(token, hexPx, selected);
          const first = byBand.get(band) ?? { hexPx, look };
          byBand.set(band, first);
          expect(look, `${hexPx} px hexes look as ${first.hexPx} px ones, in band ${band}`).toBe(first.look);
        }
      });
    }
  }

  it('changes at the facing notch’s 7 px, which the map’s old bands (9, 14 and 30 px) missed', () => {
    expect(detailBand(6.99, 1)).not.toBe(detailBand(7, 1));
    const token = createFigureNode(layout);
    updateFigureNode(token, figure, layout, false, { tokenScale: 1, labelScale: 1 });
    expect(looks(token, 4, false)).not.toBe(looks(token, 8, false));
  });
});

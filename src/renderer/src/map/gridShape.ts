import Konva from 'konva';
import { hexCorners, hexKey, type HexLayout } from '../../../shared/hex';
import { offsetToAxial } from '../../../shared/mapGrid';
import { TERRAIN_FILL, type MapTerrainModel } from './mapModel';

/** The map's world-space rectangle that is on screen, so only those hexes are drawn. */
export interface WorldRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

function visibleRange(model: MapTerrainModel, layout: HexLayout, view: WorldRect) {
  const s = layout.size;
  const colStep = model.orientation === 'flat' ? 1.5 * s : Math.sqrt(3) * s;
  const rowStep = model.orientation === 'flat' ? Math.sqrt(3) * s : 1.5 * s;
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  return {
    c0: clamp(Math.floor((view.x0 - layout.origin.x) / colStep) - 1, model.cols - 1),
    c1: clamp(Math.ceil((view.x1 - layout.origin.x) / colStep) + 1, model.cols - 1),
    r0: clamp(Math.floor((view.y0 - layout.origin.y) / rowStep) - 1, model.rows - 1),
    r1: clamp(Math.ceil((view.y1 - layout.origin.y) / rowStep) + 1, model.rows - 1),
  };
}

/**
 * The grid and terrain as one custom shape (DESIGN §Rendering): it draws only the hexes in view
 * and never listens to the pointer (the hex under the pointer comes from pixel→hex math).
 */
export function createGridShape(
  getModel: () => MapTerrainModel,
  layout: HexLayout,
  getView: () => WorldRect,
): Konva.Shape {
  return new Konva.Shape({
    listening: false,
    perfectDrawEnabled: false,
    sceneFunc(context) {
      const model = getModel();
      const { c0, c1, r0, r1 } = visibleRange(model, layout, getView());
      const ctx = context._context;
      ctx.lineWidth = 1;
      for (let row = r0; row <= r1; row++) {
        for (let col = c0; col <= c1; col++) {
          const hex = offsetToAxial(model, col, row);
          const key = hexKey(hex);
          const corners = hexCorners(layout, hex);
          ctx.beginPath();
          corners.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
          ctx.closePath();
          const veiled = model.veiled.has(key);
          if (veiled && model.veilStyle === 'player') {
            ctx.fillStyle = '#0b0c0f';
            ctx.fill();
            continue;
          }
          ctx.fillStyle = TERRAIN_FILL[model.terrain[key] ?? 'open'] ?? TERRAIN_FILL.open!;
          ctx.fill();
          if (veiled) {
            ctx.fillStyle = 'rgba(120, 60, 170, 0.35)';
            ctx.fill();
          }
          ctx.strokeStyle = 'rgba(220, 228, 215, 0.28)';
          ctx.stroke();
        }
      }
    },
  });
}

import Konva from './konva';
import type { Frame } from '../../../shared/contract/channels/display';
import { hexCorners, hexToPixel, type Hex, type HexLayout, type Point } from '../../../shared/hex';
import { tracePolygon } from './gridShape';
import { HEX_SIZE } from './mapModel';

/** What the brush overlay shows now: the stroke being painted and the outlined hexes. */
export interface BrushState {
  readonly stroke: Iterable<Hex> | null;
  readonly colour: string;
  readonly outline: readonly Hex[] | null;
}

/**
 * The GM's tool overlays, never listening: the ruler and its label, the projector's frame, the
 * calibration drag and the brush. Labels keep a constant size on screen whatever the zoom.
 */
export class ToolOverlays {
  readonly ruler = new Konva.Group({ listening: false, visible: false });
  readonly projectorFrame = new Konva.Group({ listening: false, visible: false });
  /** The calibration drag: from a point of the map image to the hex corner it snaps to. */
  readonly calibrateLine = new Konva.Group({ listening: false, visible: false });
  readonly brushShape: Konva.Shape;
  /** The draw tool's stroke while the pointer is down (drawingOverlay.ts draws it once main keeps it). */
  readonly drawingStroke = new Konva.Line({
    listening: false,
    visible: false,
    stroke: '#ffd166',
    strokeWidth: 0.12 * HEX_SIZE,
    lineCap: 'round',
    lineJoin: 'round',
    opacity: 0.8,
    perfectDrawEnabled: false,
  });
  rulerEnds: { from: Hex; to: Hex } | null = null;
  /** The ruler's label this many times its size on the GM's screen: the player display's label scale. */
  private labelScale = 1;

  constructor(
    private readonly layout: () => HexLayout,
    private readonly scale: () => number,
    private readonly brush: () => BrushState | null,
  ) {
    this.brushShape = new Konva.Shape({
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (context) => this.drawBrush(context._context),
    });
    this.buildRuler();
    this.buildProjectorFrame();
    this.calibrateLine.add(
      new Konva.Line({ name: 'line', points: [], stroke: '#4fd1c5', strokeWidth: 2, dash: [6, 4], strokeScaleEnabled: false, listening: false }),
      new Konva.Circle({ name: 'from', radius: 5, stroke: '#4fd1c5', strokeWidth: 2, strokeScaleEnabled: false, listening: false }),
      new Konva.Circle({ name: 'to', radius: 6, fill: '#4fd1c5', strokeScaleEnabled: false, listening: false }),
    );
  }

  /** The stroke being drawn (world points), or none. */
  setDrawingStroke(points: readonly Point[] | null): void {
    this.drawingStroke.visible(points !== null);
    if (points) this.drawingStroke.points(points.flatMap((p) => [p.x, p.y]));
  }

  setRulerEnds(ends: { from: Hex; to: Hex } | null): void {
    this.rulerEnds = ends;
    this.ruler.visible(ends !== null);
    if (!ends) return;
    const a = hexToPixel(this.layout(), ends.from);
    const b = hexToPixel(this.layout(), ends.to);
    this.ruler.findOne<Konva.Line>('.line')!.points([a.x, a.y, b.x, b.y]);
    this.ruler.findOne<Konva.Circle>('.from')!.position(a);
    this.ruler.findOne<Konva.Circle>('.to')!.position(b);
    this.ruler.findOne('.label')!.visible(false);
  }

  setRulerLabel(text: string | null): void {
    const label = this.ruler.findOne<Konva.Label>('.label')!;
    label.visible(text !== null && this.rulerEnds !== null);
    label.getText().text(text ?? '');
    this.placeRulerLabel();
  }

  setProjectorFrame(frame: Frame | null, label: string): void {
    this.projectorFrame.visible(frame !== null);
    if (!frame) return;
    const s = HEX_SIZE;
    const rect = this.projectorFrame.findOne<Konva.Rect>('.rect')!;
    rect.setAttrs({ x: (frame.x - frame.width / 2) * s, y: (frame.y - frame.height / 2) * s, width: frame.width * s, height: frame.height * s });
    this.projectorFrame.findOne<Konva.Text>('.text')!.text(label);
    this.placeProjectorLabel();
  }

  drawCalibrateLine(from: Point, to: Point): void {
    this.calibrateLine.visible(true);
    this.calibrateLine.findOne<Konva.Line>('.line')!.points([from.x, from.y, to.x, to.y]);
    this.calibrateLine.findOne<Konva.Circle>('.from')!.position(from);
    this.calibrateLine.findOne<Konva.Circle>('.to')!.position(to);
  }

  /** Sizes the ruler's label as the page's other labels (the player display's legibility). */
  setLabelScale(k: number): void {
    if (k === this.labelScale) return;
    this.labelScale = k;
    this.placeRulerLabel();
  }

  /** After a zoom: the labels go back to their size on screen. */
  placeLabels(): void {
    this.placeRulerLabel();
    this.placeProjectorLabel();
  }

  private buildRuler(): void {
    const s = HEX_SIZE;
    this.ruler.add(new Konva.Line({ name: 'line', stroke: '#ffd166', strokeWidth: s * 0.14, dash: [s * 0.4, s * 0.22], lineCap: 'round', listening: false }));
    this.ruler.add(new Konva.Circle({ name: 'from', radius: s * 0.3, stroke: '#ffd166', strokeWidth: s * 0.1, listening: false }));
    this.ruler.add(new Konva.Circle({ name: 'to', radius: s * 0.42, stroke: '#ffd166', strokeWidth: s * 0.12, listening: false }));
    const label = new Konva.Label({ name: 'label', visible: false, listening: false });
    label.add(new Konva.Tag({ fill: 'rgba(12, 14, 18, 0.92)', stroke: '#ffd166', strokeWidth: 1, cornerRadius: 5, listening: false }));
    label.add(new Konva.Text({ fontSize: 14, fontStyle: 'bold', fill: '#ffe9b0', padding: 7, lineHeight: 1.3, listening: false }));
    this.ruler.add(label);
  }

  /** The ruler's label sits just past the end of the line. */
  private placeRulerLabel(): void {
    const label = this.ruler.findOne<Konva.Label>('.label');
    if (!label || !this.rulerEnds) return;
    const k = this.labelScale / this.scale();
    const b = hexToPixel(this.layout(), this.rulerEnds.to);
    label.scale({ x: k, y: k });
    label.position({ x: b.x + HEX_SIZE * 0.6, y: b.y - HEX_SIZE * 0.6 - label.height() * k });
  }

  private buildProjectorFrame(): void {
    this.projectorFrame.add(new Konva.Rect({ name: 'rect', stroke: '#6fd3ff', strokeWidth: 2, strokeScaleEnabled: false, dash: [10, 6], listening: false }));
    this.projectorFrame.add(new Konva.Text({ name: 'text', fontSize: 13, fontStyle: 'bold', fill: '#6fd3ff', padding: 4, listening: false }));
  }

  private placeProjectorLabel(): void {
    const text = this.projectorFrame.findOne<Konva.Text>('.text');
    const rect = this.projectorFrame.findOne<Konva.Rect>('.rect');
    if (!text || !rect) return;
    const k = 1 / this.scale();
    text.scale({ x: k, y: k });
    text.position({ x: rect.x(), y: rect.y() });
  }

  /** The brush under the pointer and the stroke being painted. */
  private drawBrush(ctx: CanvasRenderingContext2D): void {
    const brush = this.brush();
    if (!brush) return;
    const layout = this.layout();
    const trace = (hexes: Iterable<Hex>) => {
      const path = new Path2D();
      for (const h of hexes) tracePolygon(path, hexCorners(layout, h));
      return path;
    };
    if (brush.stroke) {
      ctx.globalAlpha = 0.7;
      ctx.fillStyle = brush.colour;
      ctx.fill(trace(brush.stroke));
      ctx.globalAlpha = 1;
    }
    if (brush.outline) {
      ctx.lineWidth = 2.5 / this.scale();
      ctx.strokeStyle = '#ffffff';
      ctx.stroke(trace(brush.outline));
    }
  }
}

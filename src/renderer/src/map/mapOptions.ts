import type { Hex, Point } from '../../../shared/hex';

/** What a pointer drag on the GM map does. */
export type MapTool = 'select' | 'paint' | 'ruler' | 'calibrate' | 'draw';

export interface BattleMapOptions {
  readonly container: HTMLDivElement;
  /** The GM may drag figures, pan, zoom and use the tools; the player view only looks. */
  readonly interactive: boolean;
  /** Asks main to move a figure (turned to `facing` when the GM turned it while dragging); resolves to null, or to the reason it was refused. */
  readonly onMoveRequest?: (figureId: string, to: Hex, facing?: number) => Promise<string | null>;
  readonly onSelect?: (figureId: string | null) => void;
  /** A paint stroke ended: the hexes it covered (on the map, each once). */
  readonly onStroke?: (hexes: Hex[]) => void;
  /** The ruler moved: from its start to its end hex, or null when it was cleared. */
  readonly onRuler?: (ruler: { from: Hex; to: Hex } | null) => void;
  /** The camera moved (pan, zoom, fit, resize). */
  readonly onCameraChange?: () => void;
  /** Map image calibration: a point of the image (`from`) dragged onto a hex corner (`to`), world units (1 = a hex's size). */
  readonly onCalibrate?: (pin: { from: Point; to: Point }) => void;
  /** While hex picking is on (`setHexPick`), a click on any hex, with a figure or without. */
  readonly onHexClick?: (hex: Hex) => void;
  /** While hex picking is on, the hex under the pointer changed (null: the pointer left the map). */
  readonly onHexHover?: (hex: Hex | null) => void;
  /** A dragged figure is over a new hex (null: the drag ended) or was turned, for the path preview. */
  readonly onDragOver?: (figureId: string, hex: Hex | null, facing?: number) => void;
  /** A finger held still on a hex of the map (touch): the GM's ping. */
  readonly onLongPress?: (hex: Hex) => void;
  /** The draw tool: a freehand stroke ended (map units: 1 = a hex's size), or a click (no drag) at a point. */
  readonly onDraw?: (points: Point[]) => void;
  readonly onDrawClick?: (at: Point) => void;
  /** A right click on a figure (no drag): its context menu, at this point of the map's box. */
  readonly onFigureMenu?: (figureId: string, at: Point) => void;
}

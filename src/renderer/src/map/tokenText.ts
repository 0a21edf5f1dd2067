import { Text } from 'konva/lib/shapes/Text';
import type { SceneContext } from 'konva/lib/Context';

type Metrics = ReturnType<Text['measureSize']>;

/** Measurements by font and text: a map of a few hundred tokens writes the same few fonts. */
const metricsByFont = new Map<string, Metrics>();
const widthByFont = new Map<string, number>();
/** The console's choice: past this many entries a cache starts again (names come and go over a campaign). */
const CACHE_LIMIT = 20_000;

function remember<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

/**
 * A token's text: Konva's Text lays its lines out again, measuring them on a canvas,
 * on every attribute set — five times for one `setAttrs` of five — and measures a sample letter
 * on every draw. This one lays out once, when it is first drawn or measured after a change (a
 * token out of view or too small for its name never is), and remembers measurements by font.
 * What it draws and the box it reports are Konva's own.
 */
export class TokenText extends Text {
  /** Undefined until the first layout: Konva's constructor asks for one before the fields exist. */
  private laidOut?: boolean;
  private font = '';

  override _setTextData(): void {
    this.laidOut = false;
  }

  private layout(): void {
    if (this.laidOut) return;
    this.laidOut = true;
    this.font = this._getContextFont();
    super._setTextData();
  }

  override _sceneFunc(context: SceneContext): void {
    this.layout();
    super._sceneFunc(context);
  }

  override getWidth(): number {
    this.layout();
    return super.getWidth() as number;
  }

  override getHeight(): number {
    this.layout();
    return super.getHeight() as number;
  }

  override getTextWidth(): number {
    this.layout();
    return super.getTextWidth();
  }

  override getSelfRect(): ReturnType<Text['getSelfRect']> {
    this.layout();
    return super.getSelfRect();
  }

  override _getSelfRectForDrawing(): ReturnType<Text['_getSelfRectForDrawing']> {
    this.layout();
    return super._getSelfRectForDrawing();
  }

  override measureSize(text: string): Metrics {
    return remember(metricsByFont, `${this._getContextFont()}\n${text}`, () => super.measureSize(text));
  }

  override _getTextWidth(text: string, graphemes?: number): number {
    // Only inside a layout (the canvas's font is this text's); letter spacing changes the width.
    if (this.letterSpacing() !== 0 || this.align() === 'justify') return super._getTextWidth(text, graphemes);
    return remember(widthByFont, `${this.font}\n${text}`, () => super._getTextWidth(text, graphemes));
  }
}

import Konva from './konva';
import type { MapCondition } from './mapModel';

/**
 * A token's states as a column of labelled pills at the disc's left (the console's choice, where
 * other table tools put status icons): each pill a third of a hex high at the map's label scale,
 * coloured by kind (a rule's state, a spell on the figure, a condition the GM made). On the GM map
 * a state the players do not see is dashed and dimmed. Past `SHOWN` pills the last says how many
 * more there are (the figure menu lists them all).
 */
const SHOWN = 4;
const FILL: Readonly<Record<MapCondition['kind'], string>> = { rule: '#1f4f86', spell: '#5d2f8e', mark: '#8a4a0c' };
const MAX_CHARS = 14;
const FONT_FAMILY = 'Arial';

let measuring: CanvasRenderingContext2D | null = null;
const widths = new Map<string, number>();

/** A label's width in a font, measured once (a pill is measured only when it is first drawn or boxed). */
function textWidth(font: string, text: string): number {
  const key = `${font}\n${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    measuring ??= Konva.Util.createCanvasElement().getContext('2d');
    if (!measuring) return text.length * 10;
    measuring.font = font;
    width = measuring.measureText(text).width;
    if (widths.size > 5000) widths.clear();
    widths.set(key, width);
  }
  return width;
}

interface PillLook {
  readonly label: string;
  readonly kind: MapCondition['kind'];
  readonly gmOnly: boolean;
  /** The pill's right edge and top, in the token's units. */
  readonly right: number;
  readonly top: number;
  readonly height: number;
  readonly fontSize: number;
  readonly pad: number;
  readonly line: number;
}

/** One pill: its width follows its label, measured when it is drawn (never while a token is only laid out). */
class ConditionPill extends Konva.Shape {
  constructor(private readonly look: PillLook) {
    super({ listening: false, perfectDrawEnabled: false, label: look.label });
    this.sceneFunc((context) => this.paint(context._context));
  }

  private font(): string {
    return `bold ${this.look.fontSize}px ${FONT_FAMILY}`;
  }

  private pillWidth(): number {
    return textWidth(this.font(), this.look.label) + this.look.pad * 2;
  }

  private paint(ctx: CanvasRenderingContext2D): void {
    const { right, top, height, line, gmOnly } = this.look;
    const width = this.pillWidth();
    ctx.save();
    ctx.globalAlpha *= gmOnly ? 0.72 : 0.95;
    ctx.beginPath();
    ctx.roundRect(right - width, top, width, height, height / 2);
    ctx.fillStyle = FILL[this.look.kind];
    ctx.fill();
    ctx.setLineDash(gmOnly ? [line * 2.4, line * 1.6] : []);
    ctx.lineWidth = line;
    ctx.strokeStyle = gmOnly ? '#d0d6de' : '#0b0d10';
    ctx.stroke();
    ctx.globalAlpha = 1;
    ctx.font = this.font();
    ctx.fillStyle = '#ffffff';
    ctx.textBaseline = 'middle';
    ctx.fillText(this.look.label, right - width + this.look.pad, top + height / 2);
    ctx.restore();
  }

  override getSelfRect(): { x: number; y: number; width: number; height: number } {
    const width = this.pillWidth();
    return { x: this.look.right - width, y: this.look.top, width, height: this.look.height };
  }
}

export function createConditionPills(): Konva.Group {
  return new Konva.Group({ name: 'conditions', listening: false });
}

const short = (label: string): string => (label.length > MAX_CHARS ? `${label.slice(0, MAX_CHARS - 1)}…` : label);

/**
 * Lays the pills out for `conditions`, right-aligned at `right`, the first one's top at `top`;
 * `s` is the hex size and `k` the map's label scale.
 */
export function layoutConditionPills(group: Konva.Group, conditions: readonly MapCondition[], right: number, top: number, s: number, k: number): void {
  group.destroyChildren();
  const shown =
    conditions.length > SHOWN ? [...conditions.slice(0, SHOWN - 1), { label: `+${conditions.length - SHOWN + 1}`, kind: 'rule' as const }] : conditions;
  const height = s * 0.6 * k;
  shown.forEach((c, i) => {
    group.add(
      new ConditionPill({
        label: short(c.label),
        kind: c.kind,
        gmOnly: 'gmOnly' in c && c.gmOnly === true,
        right,
        top: top + i * (height + s * 0.06 * k),
        height,
        fontSize: s * 0.38 * k,
        pad: s * 0.14 * k,
        line: s * 0.05,
      }),
    );
  });
}

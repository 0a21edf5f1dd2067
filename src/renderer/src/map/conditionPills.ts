import Konva from './konva';
import type { MapCondition } from './mapModel';
import { TokenText } from './tokenText';

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
  const fontSize = s * 0.38 * k;
  const pad = s * 0.14 * k;
  shown.forEach((c, i) => {
    const text = new TokenText({
      text: short(c.label),
      fontSize,
      fontStyle: 'bold',
      fill: '#ffffff',
      listening: false,
      perfectDrawEnabled: false,
    });
    const width = text.width() + pad * 2;
    const y = top + i * (height + s * 0.06 * k);
    text.position({ x: right - width + pad, y: y + (height - fontSize) / 2 });
    const pill = new Konva.Rect({
      x: right - width,
      y,
      width,
      height,
      cornerRadius: height / 2,
      fill: FILL[c.kind],
      stroke: c.gmOnly ? '#d0d6de' : '#0b0d10',
      strokeWidth: s * 0.05,
      dash: c.gmOnly ? [s * 0.12, s * 0.08] : [],
      opacity: c.gmOnly ? 0.72 : 0.95,
      listening: false,
      perfectDrawEnabled: false,
    });
    group.add(pill, text);
  });
}

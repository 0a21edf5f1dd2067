import type { EquipmentInput, FigureSheetInput } from '../../../../shared/contract/commands';
import { ATTRS, parseFaces, type Attr } from './catalogue.svelte';

/** How a new character's attributes come (RULINGS C2 the point-buy; 001 §Determining Core Attributes). */
export type Method = 'roll' | 'entered' | 'pointBuy' | 'set';

export const METHOD_LABEL: Record<Method, string> = {
  pointBuy: '65-point buy',
  roll: 'Roll 3d6',
  entered: 'Faces rolled at the table',
  set: 'Type the values',
};

/** Whether the figure has a mana pool, and how it comes (RULINGS C8). */
export type Caster = 'no' | 'roll' | 'typed';

/** What the New character / Quick NPC form holds, as plain values. */
export interface NewFigureForm {
  readonly kind: 'character' | 'npc';
  readonly method: Method;
  readonly name: string;
  readonly sideId: string;
  readonly values: Record<Attr, number>;
  readonly npcValues: Record<Attr, number>;
  readonly faces: Record<string, string>;
  readonly caster: Caster;
  readonly manaPool: number;
  readonly mastery: Record<string, number>;
  readonly castingAttributes: Record<string, 'INT' | 'WIS'>;
  readonly hidden: boolean;
  readonly equipment: EquipmentInput;
}

/** The sheet the form describes, as `addFigure` and `checkFigureSheet` take it. */
export function sheetOf(form: NewFigureForm): FigureSheetInput {
  const attributes =
    form.kind === 'npc' || form.method === 'set'
      ? { method: 'set' as const, values: { ...form.npcValues } }
      : form.method === 'pointBuy'
        ? { method: 'pointBuy' as const, values: { ...form.values } }
        : { method: 'roll' as const };
  return {
    name: form.name,
    sideId: form.sideId,
    kind: form.kind,
    attributes,
    mana: form.caster === 'no' ? null : form.caster === 'roll' ? { method: 'roll' } : { method: 'set', pool: Number(form.manaPool) },
    equipment: form.equipment,
    ...(Object.keys(form.mastery).length > 0 ? { mastery: form.mastery } : {}),
    ...(Object.keys(form.castingAttributes).length > 0 ? { castingAttributes: form.castingAttributes } : {}),
    hidden: form.hidden,
  };
}

/**
 * Faces the GM typed at the table for every roll this figure needs, in the order the console
 * makes them (three dice per attribute, two for Fatigue, the pool's dice), or 'bad' when one is
 * missing; null when nothing is typed.
 */
export function typedFaces(form: NewFigureForm): number[][] | null | 'bad' {
  if (form.kind === 'npc' || form.method !== 'entered') return null;
  const needed: [string, number][] = [...ATTRS.map((a) => [a, 3] as [string, number]), ['fatigue', 2]];
  if (form.caster === 'roll') needed.push(['mana', 3]);
  const out: number[][] = [];
  for (const [key, count] of needed) {
    const f = parseFaces(form.faces[key] ?? '', count);
    if (!f) return 'bad';
    out.push(f);
  }
  return out;
}

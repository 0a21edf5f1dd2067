/**
 * What a spell's effect can do to the map, one row per kind: the one table the effective map
 * (engine/map/effectiveMap.ts), the views and the campaign's spell-effect editor read. 001 names
 * the spells but gives them no effects; which spell does what is the campaign's house rule
 * (RULINGS S9 makes a spell's fields the GM's to edit). A new kind is a row here and a line in
 * `applyEffect` (effectiveMap.ts).
 */
export const MAP_EFFECT_KINDS = ['wall', 'darkness', 'light', 'rough'] as const;
export type MapEffectKind = (typeof MAP_EFFECT_KINDS)[number];

export interface MapEffectMeaning {
  readonly kind: MapEffectKind;
  /** The name the GM picks from. */
  readonly label: string;
  /** What it does, in the words the console shows. */
  readonly does: string;
  readonly blocksMovement: boolean;
  readonly blocksSight: boolean;
}

export const MAP_EFFECTS: Readonly<Record<MapEffectKind, MapEffectMeaning>> = {
  wall: { kind: 'wall', label: 'Wall', does: 'counts as a wall: blocks movement and the line of fire', blocksMovement: true, blocksSight: true },
  darkness: {
    kind: 'darkness',
    label: 'Darkness',
    does: 'counts as a shadow hex (001 §Target Conditions, §Your Conditions)',
    blocksMovement: false,
    blocksSight: false,
  },
  light: { kind: 'light', label: 'Light', does: 'lights the hex: shadow there no longer counts', blocksMovement: false, blocksSight: false },
  rough: {
    kind: 'rough',
    label: 'Rough ground',
    does: 'counts as broken ground (RULINGS M7: costs more movement to enter)',
    blocksMovement: false,
    blocksSight: false,
  },
};

export const EFFECT_AREA_SHAPES = ['hex', 'megahex', 'radius', 'line'] as const;
export type EffectAreaShape = (typeof EFFECT_AREA_SHAPES)[number];

/** The largest radius or line length a spell's area may have, in hexes (console's choice). */
export const MAX_EFFECT_SIZE = 8;

/**
 * A spell's effect on the map: the area around the hex it is aimed at (a hex; a megahex, 001's
 * seven hexes; every hex within `size`; or a line of `size` hexes from the caster towards it),
 * what it does there while the spell lasts, and whether the players see it.
 */
export interface SpellMapEffect {
  readonly kind: MapEffectKind;
  readonly shape: EffectAreaShape;
  /** Radius or line length in hexes; ignored for a hex and a megahex. */
  readonly size: number;
  readonly shown: boolean;
  /** Rolled once for each figure in the area when the spell succeeds; absent = none. */
  readonly roll?: EffectRoll;
}

/** The most dice an effect's roll may have (console's choice). */
export const MAX_EFFECT_DICE = 6;

/**
 * A spell effect's roll on success: `dice` d6 (RULINGS G3) for each figure standing in the area
 * when the spell takes effect, as damage to Fatigue and Body with no armour (a spell, not a blow)
 * or as healing of both.
 */
export interface EffectRoll {
  readonly dice: number;
  readonly does: 'damage' | 'heal';
}

/**
 * The console's rulings in its own words: one entry per ruling id the console cites (`RULINGS M7`
 * in previews, option reasons, breakdown sources and the rules form). Each says what the console
 * does and which sections of the rule documents it settles (001 the Pillars rulebook; 004 the
 * combat and movement guide, 000 its earlier draft; 002 stride & momentum; 003 declared intent).
 * Pages import it (no zod here); `docs/rulings.md` is generated from it (`npm run docs:rulings`).
 */
import { COMBAT_RULINGS } from './combat';
import { CHARACTERS_RULINGS } from './characters';
import { MAGIC_AND_OPTIONS_RULINGS } from './magicAndOptions';
import { MOVEMENT_AND_TURN_RULINGS } from './movementAndTurn';
import type { Ruling } from './ruling';

export type { Ruling } from './ruling';

export const RULING_GROUPS: readonly { readonly letter: string; readonly name: string }[] = [
  { letter: 'G', name: 'General' },
  { letter: 'C', name: 'Characters' },
  { letter: 'M', name: 'Movement' },
  { letter: 'T', name: 'The turn' },
  { letter: 'A', name: 'Attacks' },
  { letter: 'H', name: 'Hand-to-hand and special situations' },
  { letter: 'S', name: 'Magic' },
  { letter: 'O', name: 'Options from the other documents' },
];

export const RULINGS: readonly Ruling[] = [...CHARACTERS_RULINGS, ...MOVEMENT_AND_TURN_RULINGS, ...COMBAT_RULINGS, ...MAGIC_AND_OPTIONS_RULINGS];

export const RULING_BY_ID: ReadonlyMap<string, Ruling> = new Map(RULINGS.map((x) => [x.id, x]));

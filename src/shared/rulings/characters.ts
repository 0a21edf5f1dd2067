/**
 * The general rulings (G: precedence, hexes, dice, ties) and the characters' (C: attributes,
 * pools, injury, background, mana), in the console's own words (see ./index.ts).
 */
import { ruling as r, type Ruling } from './ruling';

export const CHARACTERS_RULINGS: readonly Ruling[] = [
  r(
    'G1',
    'Which document wins',
    'Where the documents disagree, the rulebook (001) wins; where it is silent the console follows the combat guide (004), then its draft (000). Stride & momentum (002) and declared intent (003) apply only when the campaign switches them on.',
    '001, 004, 000, 002 and 003: which of them wins where they disagree.',
  ),
  r(
    'G2',
    'Hexes and megahexes',
    'A hex is 5 feet across and a megahex is seven hexes, one hex and its six neighbours; the map draws and measures megahexes that way.',
    '001 §Movement (Hex Size, Megahex); 004 §Megahex; 000’s five-hex megahex is read as an error.',
  ),
  r(
    'G3',
    'Dice and recorded rolls',
    'Dice are written NdM±K, a bare “d” meaning d6. Every roll is logged with its dice, its modifiers and where each came from; a roll made at the table can be typed in and is marked as entered, and the console’s own rolls come from a seed kept with the encounter, so a replay gives the same fight.',
    'The dice notation of 001, 004, 000, 002 and 003.',
  ),
  r(
    'G4',
    'Ties',
    'Unless a rule says otherwise, a tie in any order is broken by a 1d6 roll-off, rolled again while still tied, and the roll-off is logged.',
    '001 §Turn Sequence (ties in initiative, renewal and action order).',
  ),
  r(
    'C1',
    'Attribute modifiers past the table',
    'From 14 up the modifier is the value less 13, from 7 down the value less 8, and 8 to 13 give none: 19 is +6, 2 is −6.',
    '001 §Attributes (the modifier table’s open ends).',
  ),
  r('C2', 'Point-buy', 'A bought character spends 65 points over the six core attributes, each between 3 and 18.', '001 §Determining Core Attributes.'),
  r(
    'C3',
    'Fatigue and Body',
    'Fatigue is CON + WIS + INT + the better of DEX and STR + 2d6, rolled once at creation and kept; Body is two thirds of Fatigue, rounded up. Each pool keeps its starting and its current value.',
    '001 §Derived Pools.',
  ),
  r(
    'C4',
    'Injury penalty',
    'The worse of the two pools sets it: at half the starting value or below (but above 5) −1 to every roll, from 5 down to 1 −2; at 0 Fatigue the figure is unconscious, at 0 Body semi-conscious.',
    '001 §Injury Thresholds & Death.',
  ),
  r(
    'C5',
    'Survival saves',
    'Once a pool is at or below minus half its starting value, the figure rolls 3d6 ≤ CON each turn, less one for every point past minus its starting value; a failure is death, and healing above minus half ends the saves. The table and its worked example win over the loose sentence beside them.',
    '001 §Injury Thresholds & Death (survival saves).',
  ),
  r(
    'C6',
    'Overlapping table rows',
    'When two rows of a background table both hold the roll, the first row listed is used.',
    '001 §Provenance, §Wealth (merchant class).',
  ),
  r(
    'C7',
    'Aging',
    'Reaching an age in the Aging table’s age row applies that column’s changes once; prior experience counts its years from 16.',
    '001 §Aging, §Prior Experience.',
  ),
  r(
    'C8',
    'Mana pool',
    'A new caster’s pool is rolled with the campaign’s dice (3d6 unless changed) or typed by the GM. Mana and Debt are secret: only GM screens show them.',
    '001 §Mana Pool.',
    true,
  ),
];

/**
 * Movement (M: gaits, loads, engagement, terrain) and the turn (T: phases, initiative, orders,
 * options), in the console's own words (see ./index.ts).
 */
import { ruling as r, type Ruling } from './ruling';

export const MOVEMENT_AND_TURN_RULINGS: readonly Ruling[] = [
  r(
    'M1',
    'Gaits',
    'The movement modifier is the CON, STR and DEX modifiers added together, the load penalty included. Sprint is 18, Run 12, Jog 7 and Walk 4 hexes plus the modifier, never below 1; Walk (slow) is 2; standing still is 0.',
    '001 §Movement.',
  ),
  r(
    'M2',
    'Walk (slow)',
    'Under Pillars, Walk (slow) — the gait that still allows a spell, a missile or disbelieving — is 2 hexes, and never more than the figure’s Walk; the 1 hex of the combat guide belongs to the Classic rule set.',
    '001 §Movement against 004 and 000 §Movement Speeds.',
  ),
  r(
    'M3',
    'Fatigue for moving',
    'Moving is paid from the Fatigue pool: a Sprint costs 6 a turn, a Run 1, a Jog nothing in combat, by the gait the turn counts (T5).',
    '001 §Movement (Fatigue Cost).',
  ),
  r(
    'M4',
    'Loads, armour and packs',
    'Load and armour limits both apply and the stricter wins; overloaded means a 1-hex walk. Dropping a pack is free as movement starts, a pusher’s too; picking it up is the figure’s one option for the turn, refused after any other and closing every other, override or not.',
    '001 §Encumbrance, §Armor and Shields; 004 §Encumbrance.',
  ),
  r(
    'M5',
    'Engagement stops movement',
    'A figure stops the moment it enters a hex where it is engaged. An engaged figure only shifts 1 hex, staying next to the foe, or stands still; it cannot take off.',
    '001 §Engagement (“stop immediately”).',
  ),
  r(
    'M6',
    'Who engages',
    'A standing, conscious enemy with a ready weapon engages a one-hex figure in its front hexes; a 3–6-hex figure needs 2 such foes (or one multi-hex), a 7-hex figure 3. A bite, claws, hooves or a snake’s strike count as a ready weapon, and a mount engages only if its entry gives it an attack.',
    '001 §Engagement.',
  ),
  r(
    'M7',
    'Terrain',
    'Walls and other figures block; a standing figure’s hex is entered only to start hand-to-hand. Broken ground costs 2 hexes of movement to enter unless the campaign sets another cost.',
    '001 §Movement, §Engagement.',
    true,
  ),
  r(
    'T1',
    'The phases',
    'A turn runs Initiative, Renew Spells, Initial Movement, Final Movement, Actions and Forced Retreat. Bleeding, survival saves and runaway drains come at the end of phase 6, before the Cleanup phase when a rule set has one.',
    '001 §Turn Sequence.',
  ),
  r(
    'T2',
    'Initiative',
    'Each side rolls 1d6, ties rolled again; the winner chooses to move first or second, and any further sides follow in roll order.',
    '001 §Turn Sequence (phase 1).',
  ),
  r('T3', 'Renewal order', 'Casters renew their continuing spells by DEX + INT + WIS, highest first, ties rolled off.', '001 §Turn Sequence (phase 2).'),
  r(
    'T4',
    'Movement order',
    'Sides move in initiative order, and inside a side by adjDEX, highest first; the GM may reorder a side. A figure that yields moves in Final Movement, in the same order.',
    '001 §Turn Sequence (phases 3 and 4).',
  ),
  r(
    'T5',
    'Action order and options',
    'Figures act by adjDEX, highest first. A figure’s options depend on whether it is disengaged, engaged or in hand-to-hand when its action comes, and on its gait: the slowest gait covering the movement it spent (a broken-ground hex counts 2), whatever gait it set out at. A rider’s gait is its mount’s.',
    '001 §Turn Sequence (phase 5), §Action Options.',
  ),
];

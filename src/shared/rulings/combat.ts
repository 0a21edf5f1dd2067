/**
 * Attacks (A: adjDEX, range, criticals, damage, bleeding, defence, rate of fire, heavy blows) and
 * hand-to-hand and special situations (H), in the console's own words (see ./index.ts).
 */
import { ruling as r, type Ruling } from './ruling';

export const COMBAT_RULINGS: readonly Ruling[] = [
  r(
    'A1',
    'adjDEX',
    'adjDEX is DEX with armour and shield, the injury penalty and every adjustment the situation calls for. The console reads facing, terrain, range, flight, invisibility and posture off the map; the GM ticks the rest (waiting for an opening, two weapons, a sweep).',
    '001 §Attack Rolls, §DEX Adjustments.',
  ),
  r(
    'A2',
    'Missile range',
    'Range counts megahexes on the map’s tiling from the attacker’s megahex to the target’s: nothing up to 2, then −1 for every two more (3–4 −1, 5–6 −2, …). Thrown weapons lose 1 per hex.',
    '001 §Range (Missile Weapons), §Range (Thrown Weapons).',
  ),
  r(
    'A3',
    'Automatic results',
    'On 3 dice: 3 triples the damage, 4 doubles it and starts bleeding, 5 hits for Fatigue only, 16 misses, 17 drops the weapon and 18 breaks it. On 4 dice: 4–5 hit, 20 and up miss, 21–22 drop and 23–24 break.',
    '001 §Automatic Results, §4-Dice Results.',
  ),
  r(
    'A4',
    'Damage and protection',
    'The rolled damage is multiplied first, then armour and shield are taken off once for the attack, never below 0.',
    '001 §Protection.',
  ),
  r(
    'A5',
    'Bleeding',
    'A bleeding figure loses 1 Body at the end of each turn (the campaign may set another amount) until someone spends an action binding the wound.',
    '001 §Automatic Results (bleeding).',
    true,
  ),
  r(
    'A6',
    'Defend and Dodge',
    'Defending (engaged) makes melee and thrown attacks on the figure roll 4 dice; Dodging (disengaged) does the same for missiles, thrown weapons and missile spells. Either uses the figure’s action.',
    '001 §Defending and Dodging.',
  ),
  r(
    'A7',
    'Rate of fire',
    'A missile weapon shoots as its note says — a longbow twice a turn at adjDEX 18 or more, a light crossbow every other turn (every turn from adjDEX 14).',
    '001 §Missile Weapons (notes).',
  ),
  r(
    'A8',
    'Heavy blows',
    'Five or more hits cost the target 2 DEX next turn and eight or more knock it down (with bigger thresholds for big figures). They belong to the Classic rule set and are off for Pillars unless the campaign turns them on.',
    '004 §Injury Effects.',
    true,
  ),
  r(
    'H1',
    'Starting hand-to-hand',
    'Hand-to-hand starts under the rulebook’s conditions and the defender rolls 1d6 on the combat guide’s defence table. Both figures in it get +4 DEX; bare hands do damage by STR.',
    '001 §Hand-to-Hand Combat; 004 §Hand-to-Hand Combat.',
  ),
  r(
    'H2',
    'Disengaging',
    'Option n: shift or stand, then move 1 hex instead of attacking; faster foes may still strike, slower ones at the adjDEX difference, and a slower foe that engaged it may strike in its own action as if it had not gone. Option v, out of hand-to-hand: 4d6 ≤ DEX.',
    '001 §Disengaging.',
  ),
  r(
    'H3',
    'Forced retreat',
    'After the actions a figure that dealt physical hits and took none may push one foe it hit 1 hex into a free hex and step after it; with no free hex the foe rolls 3d6 ≤ DEX or falls prone.',
    '001 §Forced Retreat.',
  ),
  r(
    'H4',
    'Friends in the way, cover behind a body',
    'A missile passing friends rolls to miss each of them, and a prone figure behind a body may have the body take the missile, as the combat guide says.',
    '004 §Roll to Miss, §Crawling and Prone.',
  ),
  r(
    'H5',
    'Body cover order',
    'Against a prone or kneeling target behind a body the attack is rolled first; only a hit is checked against the body (on 1d6, 1–3 for prone, 1–4 for kneeling, the body takes it). A miss, a drop or a break stands as rolled.',
    '004 §Crawling and Prone.',
  ),
  r(
    'H6',
    'Flight',
    'A flier moves half its flying MA, rounded down, the turn it takes off, and cannot move the turn it lands. In the air it neither engages nor is engaged by ground figures unless it chooses to close; an engaged figure cannot take off; flight costs no Fatigue unless the creature’s entry says so.',
    '004 §Flight.',
  ),
  r(
    'H7',
    'Two weapons and sweeping blows',
    'Two weapons: two attacks at −4, one per ready weapon, at the same or different foes in front. A sweep: one roll at −4 against every foe in the three front hexes, on 4 dice if any of them defends. A ready shield fills a hand, so it rules out a second weapon.',
    '004 §Your Conditions.',
  ),
  r(
    'H8',
    'Large figures push',
    'A 3- or 7-hex figure moving into smaller figures pushes them 1 hex on, else aside, when their STR together is below its own — friends too, but nobody in hand-to-hand, and a pushed figure pushes no one. One with no free hex stops the pusher before it; under stride rules the push is part of the stride.',
    '004 §Engagement (pushing back smaller figures).',
  ),
  r(
    'H9',
    'Mounts',
    'Rider and mount move as one on the mount’s gaits; the mount pays the Fatigue and the rider’s options follow the mount’s gait. The pair stops when either is engaged, a mount acts with its rider, and a rider whose mount falls lies prone beside it where the GM chooses.',
    '001 §Pole Weapons (Cavalry Lance), §Mounts & Vehicles; 003 §Initiative Modifiers Table.',
  ),
];

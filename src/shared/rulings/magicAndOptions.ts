/**
 * Magic (S: cost, renewal, push, borrowing, runaway, intervention, counterspell, catalogue) and the
 * optional rule sets from the other documents (O), in the console's own words (see ./index.ts).
 */
import { ruling as r, type Ruling } from './ruling';

export const MAGIC_AND_OPTIONS_RULINGS: readonly Ruling[] = [
  r(
    'S1',
    'Spell cost and casting',
    'A spell costs its level in mana, 1 less at mastery 4 and 2 less at mastery 5, never below 1. Casting is 3d6 ≤ INT or WIS as the spell says, with the injury penalty; 3–4 and 17–18 are flagged for the GM, and spells that must hit also roll against adjDEX.',
    '001 §Casting Spells, §Spell Mastery.',
    true,
  ),
  r(
    'S2',
    'Continuing spells',
    'Each continuing spell costs its renewal (1 mana unless set otherwise) every turn in phase 2; one not renewed ends before movement.',
    '001 §Renewing Spells.',
  ),
  r(
    'S3',
    'Push',
    'Extra mana over the cost calls for a control roll, 3d6 ≤ INT less the push. A natural 18 or a miss by 5 or more starts a runaway; any other failure loses the mana and the spell.',
    '001 §Push (Boosting).',
    true,
  ),
  r(
    'S4',
    'Borrowing',
    'A caster short of mana borrows the rest as Debt with a control roll, 3d6 ≤ INT less its whole Debt; failure starts a runaway. Mana regained pays Debt first.',
    '001 §Borrowing.',
  ),
  r('S5', 'Regaining mana', 'A night’s rest restores all mana less Debt; none comes back during a fight.', '001 §Mana Pool.', true),
  r(
    'S6',
    'Runaway',
    'At each turn’s end a runaway drains the spell’s level (and its push) from mana, then Body once the caster is out of mana and unconscious. A conscious caster ends it with an anchor roll, 3d6 ≤ WIS less the turns it has run past the first.',
    '001 §Runaway.',
    true,
  ),
  r(
    'S7',
    'Intervention',
    'Another mage may step in with 3d6 ≤ WIS less the turns past the first: success ends the runaway, failure puts the helper into one of its own.',
    '001 §Intervention.',
  ),
  r(
    'S8',
    'Counterspell',
    'The defender commits mana; both roll 3d6 against INT and add their mana in the contest to their margin, the higher margin winning and ties going to the defender. One try per casting; the caster may push again next turn, and the mana is spent either way.',
    '001 §Counterspell.',
  ),
  r(
    'S9',
    'The spell catalogue',
    'The rulebook’s schools and lists are the catalogue, each spell at its level; its attribute, whether it continues, its renewal cost and whether it must hit are fields the GM may edit.',
    '001 §Schools of Magic, §Spell Lists.',
  ),
  r(
    'O1',
    'Classic rule set',
    'The combat guide’s own rules: ST, DX, IQ and WIS, ST as both hit points and fatigue, MA = DX − 2 (at least 4) with its loads and gaits, exhaustion and heavy blows.',
    '004 as a whole.',
    true,
  ),
  r(
    'O2',
    'Per-character initiative',
    'Every figure rolls 1d20; the highest moves first or yields to go last, and a Cleanup phase closes the turn.',
    '000 §Turn Sequence.',
    true,
  ),
  r(
    'O3',
    'Stride & momentum',
    'Five action points buy strides of 1–8 hexes, with limits on speeding up and slowing down, tumbles, crashes, collisions, pass-by charges and shots of opportunity; load and armour limits become stride caps.',
    '002 (stride movement).',
    true,
  ),
  r(
    'O4',
    'Declared intent',
    'Every figure declares before movement; its initiative is a stress die plus its initiative score plus modifiers (charging, high ground, routing, on horseback with Ride). The GM types the score; until then it is the DEX modifier.',
    '003 §1 Movement, §Initiative Modifiers Table.',
    true,
  ),
];

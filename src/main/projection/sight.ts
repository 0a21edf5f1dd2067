import { hexKey, type Hex } from '../../shared/hex';
import { mapHexes } from '../../shared/mapGrid';
import { partyInSight, partySeesFigure } from '../engine/encounter/map/partySight';
import type { EncounterState } from '../engine/encounter/schema';
import { ENCOUNTER_CATALOGUE } from '../engine/encounter/magic/magicBridge';
import { hiddenFromPlayers } from '../engine/magic';
import { nothingFor, type Audience } from './audience';

/**
 * What an audience can see of an encounter right now (DESIGN §The player projection): every
 * surface asks these questions and no other. The table sees a hex not under fog; a figure that is
 * neither hidden nor under fog and, with sight-driven fog on, that the party sees and the GM has
 * revealed (engine/encounter/map/partySight.ts); a side when one of its figures is in sight (a side of
 * only hidden figures, its name and its place in the order, is the GM's); a spell as the magic
 * view shows it. Under sight-driven fog a hex never seen is fogged, and one seen before but not
 * now is `dimmed`: its map is shown, nothing on it.
 */
export interface Sight {
  readonly figures: ReadonlySet<string>;
  readonly sides: ReadonlySet<string>;
  readonly fogged: ReadonlySet<string>;
  readonly dimmed: ReadonlySet<string>;
}

const NOTHING: ReadonlySet<string> = new Set();

export function sightOf(state: EncounterState, audience: Audience): Sight {
  switch (audience.kind) {
    // A seat sees the map and the figures as the table does; what more it knows is its card's.
    case 'table':
    case 'seat': {
      const fogged = tableFog(state);
      const inSight = partyInSight(state);
      const dimmed = state.sight === undefined ? NOTHING : new Set(state.sight.explored.filter((k) => !inSight.has(k) && !fogged.has(k)));
      const seen = state.figures.filter((f) => {
        return !f.hidden && !fogged.has(hexKey(f.position)) && partySeesFigure(state, f, inSight);
      });
      return { figures: new Set(seen.map((f) => f.id)), sides: new Set(seen.map((f) => f.sideId)), fogged, dimmed };
    }
    default:
      return nothingFor(audience) ?? { figures: new Set(), sides: new Set(), fogged: new Set(), dimmed: new Set() };
  }
}

const fogByMap = new WeakMap<EncounterState['map'], WeakMap<object, ReadonlySet<string>>>();
const SIGHT_OFF = {};

/**
 * The hexes the table may not see at all: the GM's fog, and with sight-driven fog on every hex
 * the party has never seen. The same set while the map and the explored hexes are the same.
 */
export function tableFog(state: EncounterState): ReadonlySet<string> {
  let byExplored = fogByMap.get(state.map);
  if (byExplored === undefined) fogByMap.set(state.map, (byExplored = new WeakMap()));
  const key = state.sight?.explored ?? SIGHT_OFF;
  const known = byExplored.get(key);
  if (known !== undefined) return known;
  const fogged = new Set(state.map.hidden);
  if (state.sight !== undefined) {
    const explored = new Set(state.sight.explored);
    for (const h of mapHexes(state.map)) {
      const k = hexKey(h);
      if (!explored.has(k)) fogged.add(k);
    }
  }
  byExplored.set(key, fogged);
  return fogged;
}

/** Either sight: a command's sentence may name what the table saw before it or sees after it. */
export function eitherSight(a: Sight, b: Sight): Sight {
  return {
    figures: new Set([...a.figures, ...b.figures]),
    sides: new Set([...a.sides, ...b.sides]),
    fogged: new Set([...a.fogged].filter((k) => b.fogged.has(k))),
    dimmed: new Set([...a.dimmed].filter((k) => b.dimmed.has(k))),
  };
}

export const seesHex = (sight: Sight, at: Hex): boolean => !sight.fogged.has(hexKey(at));

/**
 * Illusions stay off every player surface: seeing through one is the players' own act (001
 * §Action Options i, s). Besides the spells the magic engine names illusions (`hiddenFromPlayers`),
 * 001's Control list says Minor Illusion includes Blur and Illusion includes Transparency, so the
 * spells of those names are illusions too, whatever their school (001 §Spell Lists).
 */
const ILLUSION_NAMES: ReadonlySet<string> = new Set(
  ENCOUNTER_CATALOGUE.spells.flatMap((s) => (hiddenFromPlayers(s.id) && s.note !== null ? [s.note.replace(/^includes\s+/i, '').toLowerCase()] : [])),
);

export function isIllusion(spellId: string): boolean {
  if (hiddenFromPlayers(spellId)) return true;
  const spell = ENCOUNTER_CATALOGUE.byId.get(spellId);
  return spell !== undefined && ILLUSION_NAMES.has(spell.name.toLowerCase());
}

/** A spell as the magic view shows it (RULINGS C8): no illusion; caster and target in sight; its hex not under fog. */
export function seesSpell(
  sight: Sight,
  spell: { readonly spellId: string; readonly casterId: string; readonly targetId: string | null; readonly at?: Hex | null },
): boolean {
  return (
    !isIllusion(spell.spellId) &&
    sight.figures.has(spell.casterId) &&
    (spell.targetId === null || sight.figures.has(spell.targetId)) &&
    (spell.at === undefined || spell.at === null || seesHex(sight, spell.at))
  );
}

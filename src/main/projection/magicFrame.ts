import type { MapEffectView, PlayerView } from '../../shared/contract/views';
import type { EncounterState } from '../engine/encounter/schema';
import { ENCOUNTER_CATALOGUE, magicContext, snapshotOf } from '../engine/encounter/magic/magicBridge';
import { gmMagicView, stripSecrets } from '../engine/magic';
import { DEFAULT_RULES } from '../engine/rules';
import type { PlayerIdOf } from './ids';
import { seesHex, seesSpell, type Sight } from './sight';
import type { StateActiveSpell } from '../engine/encounter/magic/magicSchema';

/** A spell's map effect as the table sees it: only one the campaign shows, and only its hexes out of fog. */
function effectShown(effect: StateActiveSpell['effect'], sight: Sight): MapEffectView | undefined {
  if (effect === undefined || !effect.shown) return undefined;
  const hexes = effect.hexes.filter((h) => seesHex(sight, h)).map((h) => ({ q: h.q, r: h.r }));
  return hexes.length === 0 ? undefined : { kind: effect.kind, hexes };
}

/**
 * What an audience sees of magic (RULINGS C8): the magic engine's `stripSecrets` (no mana, Debt,
 * costs, levels, pushes, castings, rulings), then only the spells `seesSpell` allows — no
 * illusion, nothing about a figure out of sight, nothing on a fogged hex — the same test the
 * players' line and recap use for a casting (projection/tableEvents.ts).
 */
export function magicFrame(state: EncounterState, sight: Sight, idOf: PlayerIdOf): PlayerView['encounter']['magic'] {
  const open = stripSecrets(gmMagicView(snapshotOf(state), magicContext(state, DEFAULT_RULES)));
  const spellIdOf = new Map(state.spells.map((s) => [s.id, s.spellId] as const));
  const effectOf = new Map(state.spells.map((s) => [s.id, s.effect] as const));
  return {
    active: open.active
      .filter((a) => seesSpell(sight, { spellId: spellIdOf.get(a.id) ?? '', casterId: a.casterId, targetId: a.targetId, at: a.at }))
      .map((a) => {
        const school = a.at === undefined ? undefined : ENCOUNTER_CATALOGUE.byId.get(spellIdOf.get(a.id) ?? '')?.school;
        const effect = effectShown(effectOf.get(a.id), sight);
        return {
          id: idOf('spell', a.id),
          name: a.name,
          variant: a.variant,
          casterId: idOf('figure', a.casterId),
          targetId: a.targetId === null ? null : idOf('figure', a.targetId),
          // A spell cast at a bare hex is drawn there in its school's colour (001 §Facing).
          ...(a.at === undefined ? {} : { at: { q: a.at.q, r: a.at.r }, ...(school !== undefined ? { school } : {}) }),
          ...(effect ? { effect } : {}),
        };
      }),
    inRunaway: open.inRunaway.filter((id) => sight.figures.has(id)).map((id) => idOf('figure', id)),
  };
}

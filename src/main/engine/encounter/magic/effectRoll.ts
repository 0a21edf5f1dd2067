/**
 * A spell effect's roll (shared/mapEffects.ts `EffectRoll`): when a spell whose effect the
 * campaign gave a roll comes into effect at a hex, each living figure standing in the effect's
 * shape — the caster too — takes the roll as damage or healing. The console's choice, since 001
 * gives spells no such effects: the dice are d6 (RULINGS G3), damage lands on Fatigue and Body
 * with no armour (a spell, not a blow, so no forced retreat or heavy-blow count), healing on both,
 * and the figures take it in their order on the map.
 */
import type { SpellMapEffect } from '../../../../shared/mapEffects';
import { hexKey } from '../../../../shared/hex';
import { effectShape } from '../../map/effectArea';
import { healPools, loseHits } from '../figures/poolChange';
import type { ActiveSpell } from '../schema';
import { figureHexes } from '../state';
import type { Tx } from '../tx';

export function rollEffect(tx: Tx, spell: ActiveSpell, effect: SpellMapEffect): void {
  const roll = effect.roll;
  if (roll === undefined || spell.at === undefined) return;
  const caster = tx.state.figures.find((f) => f.id === spell.casterId);
  const area = new Set(effectShape(tx.state, effect, spell.at, caster?.position ?? spell.at).map(hexKey));
  const struck = tx.state.figures.filter((f) => f.posture !== 'dead' && figureHexes(f).some((h) => area.has(hexKey(h))));
  for (const f of struck) {
    const r = tx.roll(`${roll.dice}d6`, `${spell.name}: ${roll.does === 'damage' ? 'damage to' : 'healing of'} ${f.name}`);
    const told = { cause: spell.name, tellPlayers: effect.shown };
    if (roll.does === 'damage') loseHits(tx, f.id, r.total, 'both', told);
    else healPools(tx, f.id, r.total, r.total, told);
  }
}

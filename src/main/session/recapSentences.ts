import { attackNote, GAIT_WORDS, plural, POSTURE_WORDS, spellName as nameOfSpell, weaponName } from '../projection/words';

/**
 * One logged event as a sentence of the GM's combat recap: every roll, pool and secret, with the
 * dice in brackets and places as hex coordinates. What players read of an event is not decided
 * here: their line and recap are the player projection's (projection/tableEvents.ts). Events with
 * no sentence (bookkeeping) give null.
 */
type Ev = Readonly<Record<string, unknown>>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : Number.NaN);
const hex = (v: unknown): string => {
  const h = v as { q?: unknown; r?: unknown } | null;
  return h && typeof h === 'object' ? `(${String(h.q)}, ${String(h.r)})` : '';
};
const targetValue = (v: unknown): number => (v && typeof v === 'object' && 'value' in v ? num((v as { value: unknown }).value) : num(v));
const spellName = (id: unknown): string => nameOfSpell(str(id));

/** The GM's sentence for one event, or null when it says nothing a reader of the recap needs. */
export function gmSentence(e: Ev, name: (id: string) => string): string | null {
  const f = str(e.figureId);
  switch (e.type) {
    case 'initiativeRolled': {
      const rolls = (e.rolls as { sideId: string; total: number }[]).map((r) => `${name(r.sideId)} ${r.total}`).join(', ');
      return `Initiative: ${rolls}.`;
    }
    case 'initiativeChosen':
      return `${name(str(e.sideId))} chose to move ${e.moveFirst === true ? 'first' : 'second'}.`;
    case 'moved': {
      const path = e.path as readonly unknown[];
      const hexes = Math.max(0, path.length - 1);
      if (hexes === 0) return null;
      const gait = GAIT_WORDS[str(e.mode)];
      return `${name(f)} moved ${plural(hexes, 'hex', 'hexes')}${gait ? ` ${gait}` : ''} to ${hex(path[path.length - 1])}${e.engaged === true ? ', engaging' : ''}.`;
    }
    case 'figureMoved':
      return `The GM placed ${name(f)} at ${hex(e.to)}.`;
    case 'pushed':
      return `${name(f)} pushed ${name(str(e.targetId))} back to ${hex(e.to)}.`;
    case 'passed':
      return `${name(f)} held back.`;
    case 'attackRolled': {
      const result = e.hit === true ? 'hit' : 'missed';
      const weapon = weaponName(e.weaponId ? str(e.weaponId) : null).toLowerCase();
      return `${name(str(e.attackerId))} struck at ${name(str(e.targetId))} with ${weapon}: ${result} [${num(e.dice)}d6: ${num(e.roll)} against adjDEX ${num(e.adjDex)}].${attackNote(str(e.result))}`;
    }
    case 'damageDealt': {
      const how = `[damage rolled ${num(e.rolled)}${num(e.multiplier) !== 1 ? ` × ${num(e.multiplier)}` : ''}, armour stops ${num(e.protection)}]`;
      return `${name(str(e.targetId))} took ${num(e.taken)}${e.body === true ? ' to Body' : ''} ${how} (Fatigue ${num(e.fatigueAfter)}, Body ${num(e.bodyAfter)}).`;
    }
    case 'poolsChanged': {
      // The GM's own damage, healing or typed pools (RULINGS C4, C5).
      const cause = str(e.cause);
      const fatigue = num(e.fatigueAfter) - num(e.fatigueBefore);
      const body = num(e.bodyAfter) - num(e.bodyBefore);
      const pools = `(Fatigue ${num(e.fatigueBefore)} → ${num(e.fatigueAfter)}, Body ${num(e.bodyBefore)} → ${num(e.bodyAfter)})`;
      if (e.how === 'set') return `The GM set ${name(f)}’s pools ${pools}.`;
      const amounts =
        [fatigue !== 0 ? `${Math.abs(fatigue)} Fatigue` : '', body !== 0 ? `${Math.abs(body)} Body` : ''].filter(Boolean).join(' and ') || 'nothing';
      const stopped = num(e.stopped) > 0 ? `, armour stopped ${num(e.stopped)}` : '';
      const verb = e.how === 'heal' ? 'healed' : 'took';
      const told = cause && e.causeTold === true ? ' (told to the players)' : '';
      return `${name(f)} ${verb} ${amounts}${cause ? ` from ${cause}${told}` : ''}${stopped} ${pools}.`;
    }
    case 'postureChanged': {
      const word = POSTURE_WORDS[str(e.to)];
      return word ? `${name(f)} ${word}.` : null;
    }
    case 'bled':
      return `${name(f)} bled ${num(e.amount)} Body (Body ${num(e.bodyAfter)}).`;
    case 'check':
      if (str(e.purpose) !== 'survival save') return null;
      return `${name(f)} made a survival save [3d6: ${num(e.roll)} against ${num(e.target)}]: ${e.success === true ? 'survived' : 'failed'}.`;
    case 'figureAdded':
      return `${name(f)} joined the fight at ${hex(e.at)}.`;
    case 'figureHidden':
      return `${name(f)} was ${e.hidden === true ? 'hidden from' : 'shown to'} the players.`;
    case 'figureRevealed':
      return `${name(f)} was ${e.revealed === true ? 'revealed to' : 'kept back from'} the party.`;
    case 'partySight':
      return e.sideId === null ? 'Sight-driven fog was turned off.' : `The players now see what ${name(str(e.sideId))} sees, ${num(e.range)} hexes far.`;
    case 'spellCast': {
      const t = str(e.targetId);
      const at = t ? ` on ${name(t)}` : e.at ? ` at ${hex(e.at)}` : '';
      return `${name(str(e.casterId))} cast ${spellName(e.spellId)}${at}: ${str(e.outcome)}.`;
    }
    case 'castingRoll':
      return `${name(str(e.casterId))}'s casting roll [3d6: ${num(e.roll)} against ${targetValue(e.target)}]: ${e.success === true ? 'success' : 'failure'}.`;
    case 'controlRoll':
      return `${name(str(e.casterId))}'s ${str(e.kind)} control roll [3d6: ${num(e.roll)} against ${targetValue(e.target)}]: ${str(e.result)}.`;
    case 'manaSpent':
      return `${name(str(e.casterId))} spent ${num(e.amount)} mana${str(e.reason).startsWith('counterspell') ? ' on a counter' : str(e.reason) ? ` ${str(e.reason)}` : ''}${num(e.borrowed) > 0 ? `, ${num(e.borrowed)} of it borrowed as Debt` : ''}.`;
    case 'runawayStarted': {
      const r = e.runaway as { casterId: string; spellName: string };
      return `${name(r.casterId)}'s ${r.spellName} ran away.`;
    }
    case 'runawayDrain':
      return `The runaway drained ${name(str(e.casterId))}: ${num(e.fromMana)} mana${num(e.fromBody) > 0 ? ` and ${num(e.fromBody)} Body` : ''}.`;
    case 'anchorRoll':
      return `${name(str(e.casterId))}'s anchor roll [3d6: ${num(e.roll)} against ${targetValue(e.target)}]: ${e.success === true ? 'anchored' : 'failed'}.`;
    case 'interventionRoll':
      return `${name(str(e.rollerId))} intervened in ${name(str(e.casterId))}'s runaway [3d6: ${num(e.roll)} against ${targetValue(e.target)}]: ${e.success === true ? 'success' : 'failure'}.`;
    case 'runawayEnded':
      return `${name(str(e.casterId))}'s runaway ended (${str(e.reason)}).`;
    case 'counterspell': {
      const c = str(e.casterId);
      const d = str(e.defenderId);
      const won = e.winner === 'defender' ? `${name(d)} countered the spell` : `the spell held`;
      return `${name(d)} tried to counter ${name(c)}'s spell [${name(c)} 3d6: ${num(e.casterRoll)}, margin ${num(e.casterMargin)}; ${name(d)} 3d6: ${num(e.defenderRoll)}, margin ${num(e.defenderMargin)}]: ${won}.`;
    }
    case 'spellEnded':
      return str(e.reason) === 'countered' ? null : `${name(str(e.casterId))}'s spell ended (${str(e.reason)}).`;
    default:
      return null;
  }
}

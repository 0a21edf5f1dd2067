import { weaponById } from '../engine/equipment';
import { DEFAULT_CATALOGUE } from '../engine/magic';

/**
 * One logged event as a sentence of the combat recap (issue 12 §6), for the GM or for the players.
 * The players' sentences say only what the table saw: no mana, costs, pushes, runaways, anchors,
 * pools after a blow or GM corrections (RULINGS C8; `playerView` is the trust boundary). A
 * sentence names the figures it needs (`who`), so the caller can drop it when one of them is out
 * of the players' sight. Events with no sentence (bookkeeping) give null.
 */
export type Audience = 'gm' | 'players';

export interface Sentence {
  readonly text: string;
  /** Figures the sentence names: a players' sentence is kept only when all of them are in sight. */
  readonly who: readonly string[];
}

type Ev = Readonly<Record<string, unknown>>;

const POSTURE_WORDS: Record<string, string> = {
  dead: 'died',
  unconscious: 'fell unconscious',
  prone: 'went prone',
  knockedDown: 'was knocked down',
  kneeling: 'knelt',
  standing: 'stood up',
};

const GAIT_WORDS: Record<string, string> = {
  'slow-walk': 'at a slow walk',
  walk: 'at a walk',
  jog: 'at a jog',
  run: 'at a run',
  sprint: 'at a sprint',
  crawl: 'crawling',
  shift: 'shifting',
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : Number.NaN);
const hex = (v: unknown): string => {
  const h = v as { q?: unknown; r?: unknown } | null;
  return h && typeof h === 'object' ? `(${String(h.q)}, ${String(h.r)})` : '';
};
const targetValue = (v: unknown): number => (v && typeof v === 'object' && 'value' in v ? num((v as { value: unknown }).value) : num(v));
const spellName = (id: unknown): string => DEFAULT_CATALOGUE.byId.get(str(id))?.name ?? str(id);

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The sentence for one event, or null when it says nothing a reader of the recap needs. */
export function sentenceOf(e: Ev, audience: Audience, name: (id: string) => string): Sentence | null {
  const gm = audience === 'gm';
  const f = str(e.figureId);
  switch (e.type) {
    case 'initiativeRolled': {
      const rolls = (e.rolls as { sideId: string; total: number }[]).map((r) => `${name(r.sideId)} ${r.total}`).join(', ');
      return { text: `Initiative: ${rolls}.`, who: [] };
    }
    case 'initiativeChosen':
      return { text: `${name(str(e.sideId))} chose to move ${e.moveFirst === true ? 'first' : 'second'}.`, who: [] };
    case 'moved': {
      const path = e.path as readonly unknown[];
      const to = path[path.length - 1];
      const hexes = Math.max(0, path.length - 1);
      if (hexes === 0) return null;
      return {
        text: `${name(f)} moved ${plural(hexes, 'hex').replace('hexs', 'hexes')} ${GAIT_WORDS[str(e.mode)] ?? ''} to ${hex(to)}${e.engaged === true ? ', engaging' : ''}.`.replace(
          '  ',
          ' ',
        ),
        who: [f],
      };
    }
    case 'figureMoved':
      return { text: gm ? `The GM placed ${name(f)} at ${hex(e.to)}.` : `${name(f)} moved to ${hex(e.to)}.`, who: [f] };
    case 'pushed':
      return { text: `${name(f)} pushed ${name(str(e.targetId))} back to ${hex(e.to)}.`, who: [f, str(e.targetId)] };
    case 'passed':
      return { text: `${name(f)} held back.`, who: [f] };
    case 'attackRolled': {
      const a = str(e.attackerId);
      const t = str(e.targetId);
      const weapon = e.weaponId ? (weaponById(str(e.weaponId))?.name ?? str(e.weaponId)) : 'bare hands';
      const result = e.hit === true ? 'hit' : 'missed';
      const note = str(e.result) && !/^(hit|miss(ed)?)$/i.test(str(e.result)) ? ` ${str(e.result)}` : '';
      return {
        text: `${name(a)} struck at ${name(t)} with ${weapon.toLowerCase()}: ${result} [${num(e.dice)}d6: ${num(e.roll)} against adjDEX ${num(e.adjDex)}].${note}`,
        who: [a, t],
      };
    }
    case 'damageDealt': {
      const t = str(e.targetId);
      const through = num(e.taken);
      const how = `[damage rolled ${num(e.rolled)}${num(e.multiplier) !== 1 ? ` × ${num(e.multiplier)}` : ''}, armour stops ${num(e.protection)}]`;
      const pools = gm ? ` (Fatigue ${num(e.fatigueAfter)}, Body ${num(e.bodyAfter)})` : '';
      return { text: `${name(t)} took ${through}${e.body === true ? ' to Body' : ''} ${how}${pools}.`, who: [t] };
    }
    case 'poolsChanged': {
      // The GM's own damage, healing or typed pools (RULINGS C4, C5): the players hear only that it happened.
      const cause = str(e.cause);
      const fatigue = num(e.fatigueAfter) - num(e.fatigueBefore);
      const body = num(e.bodyAfter) - num(e.bodyBefore);
      if (!gm)
        return e.how === 'set' ? null : { text: e.how === 'heal' ? `${name(f)} was healed.` : `${name(f)} was hurt${cause ? ` (${cause})` : ''}.`, who: [f] };
      const pools = `(Fatigue ${num(e.fatigueBefore)} → ${num(e.fatigueAfter)}, Body ${num(e.bodyBefore)} → ${num(e.bodyAfter)})`;
      if (e.how === 'set') return { text: `The GM set ${name(f)}’s pools ${pools}.`, who: [f] };
      const amounts =
        [fatigue !== 0 ? `${Math.abs(fatigue)} Fatigue` : '', body !== 0 ? `${Math.abs(body)} Body` : ''].filter(Boolean).join(' and ') || 'nothing';
      const stopped = num(e.stopped) > 0 ? `, armour stopped ${num(e.stopped)}` : '';
      const verb = e.how === 'heal' ? 'healed' : 'took';
      return { text: `${name(f)} ${verb} ${amounts}${cause ? ` from ${cause}` : ''}${stopped} ${pools}.`, who: [f] };
    }
    case 'postureChanged': {
      const word = POSTURE_WORDS[str(e.to)];
      return word ? { text: `${name(f)} ${word}.`, who: [f] } : null;
    }
    case 'bled':
      return { text: `${name(f)} bled ${num(e.amount)} Body${gm ? ` (Body ${num(e.bodyAfter)})` : ''}.`, who: [f] };
    case 'check':
      if (str(e.purpose) !== 'survival save' || !gm) return null;
      return {
        text: `${name(f)} made a survival save [3d6: ${num(e.roll)} against ${num(e.target)}]: ${e.success === true ? 'survived' : 'failed'}.`,
        who: [f],
      };
    case 'figureAdded':
      return { text: `${name(f)} joined the fight at ${hex(e.at)}.`, who: [f] };
    case 'figureHidden':
      if (gm) return { text: `${name(f)} was ${e.hidden === true ? 'hidden from' : 'shown to'} the players.`, who: [f] };
      return e.hidden === true ? null : { text: `${name(f)} came into view.`, who: [f] };
    case 'spellCast': {
      const c = str(e.casterId);
      const t = str(e.targetId);
      const at = t ? ` on ${name(t)}` : e.at ? ` at ${hex(e.at)}` : '';
      const outcome = str(e.outcome);
      if (!gm) {
        const seen =
          outcome === 'succeeded'
            ? `cast ${spellName(e.spellId)}${at}`
            : outcome === 'missed'
              ? `cast ${spellName(e.spellId)}${at} and missed`
              : 'tried to cast a spell and failed';
        return { text: `${name(c)} ${seen}.`, who: t ? [c, t] : [c] };
      }
      return { text: `${name(c)} cast ${spellName(e.spellId)}${at}: ${outcome}.`, who: t ? [c, t] : [c] };
    }
    case 'castingRoll':
      return gm
        ? {
            text: `${name(str(e.casterId))}'s casting roll [3d6: ${num(e.roll)} against ${targetValue(e.target)}]: ${e.success === true ? 'success' : 'failure'}.`,
            who: [str(e.casterId)],
          }
        : null;
    case 'controlRoll':
      return gm
        ? {
            text: `${name(str(e.casterId))}'s ${str(e.kind)} control roll [3d6: ${num(e.roll)} against ${targetValue(e.target)}]: ${str(e.result)}.`,
            who: [str(e.casterId)],
          }
        : null;
    case 'manaSpent':
      return gm
        ? {
            text: `${name(str(e.casterId))} spent ${num(e.amount)} mana${str(e.reason).startsWith('counterspell') ? ' on a counter' : str(e.reason) ? ` ${str(e.reason)}` : ''}${num(e.borrowed) > 0 ? `, ${num(e.borrowed)} of it borrowed as Debt` : ''}.`,
            who: [str(e.casterId)],
          }
        : null;
    case 'runawayStarted': {
      const r = e.runaway as { casterId: string; spellName: string };
      return gm ? { text: `${name(r.casterId)}'s ${r.spellName} ran away.`, who: [r.casterId] } : null;
    }
    case 'runawayDrain':
      return gm
        ? {
            text: `The runaway drained ${name(str(e.casterId))}: ${num(e.fromMana)} mana${num(e.fromBody) > 0 ? ` and ${num(e.fromBody)} Body` : ''}.`,
            who: [str(e.casterId)],
          }
        : null;
    case 'anchorRoll':
      return gm
        ? {
            text: `${name(str(e.casterId))}'s anchor roll [3d6: ${num(e.roll)} against ${targetValue(e.target)}]: ${e.success === true ? 'anchored' : 'failed'}.`,
            who: [str(e.casterId)],
          }
        : null;
    case 'interventionRoll':
      return gm
        ? {
            text: `${name(str(e.rollerId))} intervened in ${name(str(e.casterId))}'s runaway [3d6: ${num(e.roll)} against ${targetValue(e.target)}]: ${e.success === true ? 'success' : 'failure'}.`,
            who: [str(e.rollerId), str(e.casterId)],
          }
        : null;
    case 'runawayEnded':
      return gm ? { text: `${name(str(e.casterId))}'s runaway ended (${str(e.reason)}).`, who: [str(e.casterId)] } : null;
    case 'counterspell': {
      const c = str(e.casterId);
      const d = str(e.defenderId);
      const won = e.winner === 'defender' ? `${name(d)} countered the spell` : `the spell held`;
      const dice = gm
        ? ` [${name(c)} 3d6: ${num(e.casterRoll)}, margin ${num(e.casterMargin)}; ${name(d)} 3d6: ${num(e.defenderRoll)}, margin ${num(e.defenderMargin)}]`
        : '';
      return { text: `${name(d)} tried to counter ${name(c)}'s spell${dice}: ${won}.`, who: [c, d] };
    }
    case 'spellEnded':
      return str(e.reason) === 'countered' || !gm ? null : { text: `${name(str(e.casterId))}'s spell ended (${str(e.reason)}).`, who: [str(e.casterId)] };
    case 'casterDied':
      return null;
    default:
      return null;
  }
}

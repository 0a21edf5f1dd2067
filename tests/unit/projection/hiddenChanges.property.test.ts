/**
 * The player projection's property (DESIGN §The player projection): when only hidden things
 * change, nothing any player surface emits changes. Two worlds are played through the real engine
 * and a real `PlayerProjection` each: the same table-visible encounter and the same commands on
 * what the table sees (moves, turns, fog edits in the open, figures hidden and shown, damage with
 * causes told or not, the GM's conditions shown or not, new figures, the projector blacked out, the line switched on and off, the
 * GM's ping and ruler shown on open ground and into the fog).
 * They differ in everything hidden: figures out of sight (hidden, or under fog) with their names,
 * art, notes, pools and sides; under sight-driven fog, foes in the party's sight the GM has not
 * revealed; a side of only hidden figures; illusions and spells into fog or by
 * unseen casters; terrain and spells' map effects under fog; GM notes and GM-only conditions on seen figures; and, interleaved anywhere, commands
 * on hidden things (with undos), and commands undone again in the dark.
 *
 * Compared: every frame sent (ids read by their order of first appearance, since an id is a keyed
 * hash of the console's own id), its revision, the players' line, every projector state sent, the
 * asset answers for every asset name of either world, and the players' recap.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededDice } from '../../../src/main/engine/dice/seeded';
import { apply } from '../../../src/main/engine/encounter/apply';
import { keepPartySight } from '../../../src/main/engine/encounter/map/partySight';
import { EncounterStateSchema, FigureStateSchema, type EncounterState, type FigureState } from '../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { TABLE } from '../../../src/main/projection/audience';
import { maskedMapImage } from '../../../src/main/projection/mapImage';
import { recapParagraphs } from '../../../src/main/projection/recap';
import { screenOf } from '../../../src/main/projection/screen';
import type { LoggedEvent } from '../../../src/main/projection/tableContext';
import { PlayerProjection } from '../../../src/main/projection/tableProjection';
import { activeSpell } from '../engine/encounter/fixtures';
import { DEFAULT_PROJECTOR } from '../../../src/main/services/projector';
import type { ProjectorState } from '../../../src/shared/contract/channels/display';
import type { Command } from '../../../src/shared/contract/commands';
import { isAppError } from '../../../src/shared/errors';
import { hexKey, type Hex } from '../../../src/shared/hex';
import type { PlayerView } from '../../../src/shared/contract/views';

const COLS = 14;
const ROWS = 10;
/** Columns 0–6 are the open ground where the table's figures stand and its commands act; 10–13 are always under fog. */
const OPEN_COLS = 7;
const FOG_FROM = 10;
const at = (col: number, row: number): Hex => ({ q: col, r: row - Math.floor(col / 2) });
const IMAGE = `${'c0'.repeat(32)}.png`;
const hexHash = (tag: string, n: number) => `${tag}${n.toString(16).padStart(2, '0')}`.padEnd(64, '0') + '.png';

const openHex = fc.record({ col: fc.integer({ min: 0, max: OPEN_COLS - 1 }), row: fc.integer({ min: 0, max: ROWS - 1 }) }).map((h) => at(h.col, h.row));
const fogHex = fc.record({ col: fc.integer({ min: FOG_FROM, max: COLS - 1 }), row: fc.integer({ min: 0, max: ROWS - 1 }) }).map((h) => at(h.col, h.row));
const text = fc.string({ minLength: 1, maxLength: 12 }).map((s) => s.replace(/\s+/g, 'x'));

function figure(id: string, name: string, sideId: string, position: Hex, extra: Partial<FigureState> = {}): FigureState {
  return FigureStateSchema.parse({
    id,
    name,
    sideId,
    position,
    facing: 0,
    size: 1,
    posture: 'standing',
    hidden: false,
    gmNotes: '',
    attributes: { STR: 11, DEX: 11, INT: 11, WIS: 11, CON: 11, CHR: 10 },
    fatigue: { starting: 40, current: 40 },
    body: { starting: 30, current: 30 },
    mana: null,
    equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: null, shieldId: null },
    ...extra,
  });
}

/** What the table can see: the figures in the open, the fog over the open ground, the map image. */
const publicPart = fc.record({
  seen: fc.uniqueArray(fc.record({ hex: openHex, facing: fc.integer({ min: 0, max: 5 }), art: fc.boolean(), foe: fc.boolean() }), {
    minLength: 2,
    maxLength: 4,
    selector: (f) => hexKey(f.hex),
  }),
  openFog: fc.uniqueArray(openHex, { maxLength: 6, selector: hexKey }),
  // Sight-driven fog for the party, and how far it sees; off in some worlds.
  sight: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
});

/** What only the GM knows: one world's filling of everything hidden. */
const secretPart = fc.record({
  hidden: fc.array(
    fc.record({
      hex: fogHex,
      name: text,
      side: fc.constantFrom('foes', 'lurkers'),
      flagged: fc.boolean(),
      art: fc.boolean(),
      fatigue: fc.integer({ min: 1, max: 40 }),
    }),
    { maxLength: 3 },
  ),
  lurkersName: text,
  // Under sight-driven fog: foes the GM has not revealed, on ground the party may see (columns 7–9).
  lookouts: fc.uniqueArray(fc.record({ col: fc.integer({ min: OPEN_COLS, max: FOG_FROM - 1 }), row: fc.integer({ min: 0, max: ROWS - 1 }), name: text }), {
    maxLength: 2,
    selector: (l) => `${l.col},${l.row}`,
  }),
  notes: fc.array(text, { minLength: 4, maxLength: 4 }),
  mana: fc.integer({ min: 0, max: 20 }),
  illusions: fc.array(fc.constantFrom('passage-blur', 'control-minor-illusion'), { maxLength: 2 }),
  fogLight: fc.boolean(),
  fogTerrain: fc.array(fc.tuple(fogHex, fc.constantFrom('wall', 'shadow', 'fire' as const)), { maxLength: 5 }),
  // A map effect on the spell the table sees, lying only under fog (shown to the players or not).
  fogEffect: fc.option(
    fc.record({ kind: fc.constantFrom('darkness', 'light', 'rough' as const), hexes: fc.array(fogHex, { minLength: 1, maxLength: 4 }), shown: fc.boolean() }),
    {
      nil: undefined,
    },
  ),
});

type Public = typeof publicPart extends fc.Arbitrary<infer T> ? T : never;
type Secret = typeof secretPart extends fc.Arbitrary<infer T> ? T : never;

const NAMES = ['Bram', 'Ilsa', 'Grak', 'Wren'];

function encounterOf(pub: Public, secret: Secret): EncounterState {
  const seen = pub.seen.map((f, i) =>
    figure(`seen-${i}`, NAMES[i]!, f.foe ? 'foes' : 'party', f.hex, {
      facing: f.facing,
      gmNotes: secret.notes[i]!,
      ...(i === 0 ? { mana: { pool: 20, current: secret.mana, debt: 0 }, mastery: { 'passage-blur': 2, 'passage-light': 2 } } : {}),
      ...(f.art ? { art: hexHash('a', i) } : {}),
    }),
  );
  const taken = new Set(seen.map((f) => hexKey(f.position)));
  const hidden = secret.hidden
    .filter((h) => !taken.has(hexKey(h.hex)) && (taken.add(hexKey(h.hex)), true))
    .map((h, i) =>
      figure(`hidden-${i}`, h.name, h.side, h.hex, {
        hidden: h.flagged,
        fatigue: { starting: 40, current: h.fatigue },
        gmNotes: `secret ${h.name}`,
        mana: { pool: 10, current: 10, debt: 0 },
        mastery: { 'passage-light': 1 },
        ...(h.art ? { art: hexHash('b', i) } : {}),
      }),
    );
  const lookouts =
    pub.sight === undefined ? [] : secret.lookouts.map((l, i) => figure(`lookout-${i}`, l.name, 'foes', at(l.col, l.row), { gmNotes: `secret ${l.name}` }));
  const lurking = hidden.some((f) => f.sideId === 'lurkers');
  const caster = seen[0]!;
  const target = seen[1]!;
  const spell = (id: string, spellId: string, name: string, casterId: string, targetId: string | null, place?: Hex) =>
    activeSpell(id, spellId, name, { casterId, targetId, ...(place ? { at: place } : {}) });
  const fogged = new Set([...pub.openFog.map(hexKey)]);
  for (let col = FOG_FROM; col < COLS; col++) for (let row = 0; row < ROWS; row++) fogged.add(hexKey(at(col, row)));
  // A state as the engine leaves it: what the party sees already explored (partySight.ts).
  return keepPartySight(
    EncounterStateSchema.parse({
      id: 'world',
      name: 'The Ford',
      map: {
        cols: COLS,
        rows: ROWS,
        orientation: 'flat',
        terrain: Object.fromEntries(secret.fogTerrain.map(([h, t]) => [hexKey(h), t])),
        hidden: [...fogged],
        image: { asset: IMAGE, width: 700, height: 500, x: 0, y: 0, scale: 0.04 },
      },
      sides: [
        { id: 'party', name: 'The Party', color: '#2f6fd6' },
        { id: 'foes', name: 'Raiders', color: '#c23b3b' },
        ...(lurking ? [{ id: 'lurkers', name: secret.lurkersName, color: '#444444' }] : []),
      ],
      figures: [...seen.slice(0, 1), ...hidden, ...seen.slice(1), ...lookouts],
      spells: [
        // A spell the table sees, in both worlds.
        { ...spell('seen-light', 'passage-light', 'Light', caster.id, target.id), ...(secret.fogEffect ? { effect: secret.fogEffect } : {}) },
        ...secret.illusions.map((id, k) => spell(`illusion-${k}`, id, id === 'passage-blur' ? 'Blur' : 'Minor Illusion', caster.id, target.id)),
        ...(secret.fogLight ? [spell('fog-light', 'passage-light', 'Light', caster.id, null, at(FOG_FROM + 1, 3))] : []),
        ...hidden.slice(0, 1).map((h) => spell('unseen-light', 'passage-light', 'Light', h.id, null)),
      ],
      turn: 1,
      phase: 'initiative',
      ...(pub.sight !== undefined ? { sight: { sideId: 'party', range: pub.sight, explored: [], revealed: [], deferred: [] } } : {}),
    }),
  );
}

type Step =
  | { readonly kind: 'command'; readonly command: Command; readonly seed: number }
  | { readonly kind: 'undo' }
  | { readonly kind: 'projector'; readonly change: Partial<ProjectorState> };

/** Commands on what the table sees, the same in both worlds; figures are named by their index among the seen. */
const publicStep = (seen: number, sight: boolean): fc.Arbitrary<Step> => {
  const who = fc.integer({ min: 0, max: seen - 1 }).map((i) => `seen-${i}`);
  const seed = fc.nat();
  const command = (c: fc.Arbitrary<Command>) => fc.record({ kind: fc.constant('command' as const), command: c, seed });
  return fc.oneof(
    command(fc.record({ type: fc.constant('moveFigure' as const), figureId: who, to: openHex })),
    command(fc.record({ type: fc.constant('turnFigure' as const), figureId: who, facing: fc.integer({ min: 0, max: 5 }) })),
    command(fc.record({ type: fc.constant('setHexesHidden' as const), hexes: fc.array(openHex, { minLength: 1, maxLength: 3 }), hidden: fc.boolean() })),
    command(fc.record({ type: fc.constant('setFigureHidden' as const), figureId: who, hidden: fc.boolean() })),
    command(
      fc.record({
        type: fc.constant('takeDamage' as const),
        figureId: who,
        amount: fc.integer({ min: 1, max: 8 }),
        to: fc.constantFrom('fatigue', 'body', 'both' as const),
        armour: fc.boolean(),
        cause: text,
        tellPlayers: fc.boolean(),
      }),
    ),
    command(fc.record({ type: fc.constant('heal' as const), figureId: who, fatigue: fc.integer({ min: 1, max: 5 }), cause: text, tellPlayers: fc.boolean() })),
    command(
      fc.record({
        type: fc.constant('markFigure' as const),
        figureId: who,
        label: fc.constantFrom('Stunned', 'Marked'),
        turns: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        shown: fc.boolean(),
      }),
    ),
    command(
      fc.record({
        type: fc.constant('addFigure' as const),
        figure: fc.record({
          name: fc.constantFrom('Goblin', 'Crow'),
          sideId: fc.constantFrom('party', 'foes'),
          kind: fc.constant('npc' as const),
          attributes: fc.constant<{ method: 'set'; values: Record<'STR' | 'DEX' | 'INT' | 'WIS' | 'CON' | 'CHR', number> }>({
            method: 'set',
            values: { STR: 10, DEX: 10, INT: 10, WIS: 10, CON: 10, CHR: 10 },
          }),
          fatigueDice: fc.constant<number[]>([3, 3]),
          mana: fc.constant(null),
          equipment: fc.constant<{ weaponIds: string[]; readyWeaponId: null; armorId: null; shieldId: null }>({
            weaponIds: [],
            readyWeaponId: null,
            armorId: null,
            shieldId: null,
          }),
        }),
        position: openHex,
      }),
    ),
    fc.record({ kind: fc.constant('projector' as const), change: fc.record({ blackout: fc.boolean() }) }),
    fc.record({
      kind: fc.constant('projector' as const),
      change: fc.record({ frame: fc.constant({ x: 3, y: 4, width: 5, height: 6 }), mode: fc.constantFrom('follow', 'hold' as const) }),
    }),
    fc.boolean().map((on): Step => ({ kind: 'projector', change: { legibility: { ...DEFAULT_PROJECTOR.legibility, latestLine: on } } })),
    // A label the GM shows the table (its place among the GM's own drawings must not show through).
    command(
      fc.constant({
        type: 'drawOnMap' as const,
        drawing: { kind: 'text' as const, at: { x: 3, y: 3 }, text: 'Here', colour: '#ffd166' as const, shown: true },
      }),
    ),
    // The GM stages a scene and shows it: the table keeps what it held meanwhile, hidden changes and all.
    fc.boolean().map((staged): Step => ({ kind: 'projector', change: { staged } })),
    // The GM's ping and ruler, on open ground or into the fog (shown there as the hex alone).
    fc.record({ hex: fc.oneof(openHex, fogHex), seq: fc.integer({ min: 1, max: 99 }) }).map((ping): Step => ({ kind: 'projector', change: { ping } })),
    fc
      .option(fc.record({ from: openHex, to: fc.oneof(openHex, fogHex), label: fc.constantFrom('3 hexes', '12 hexes · 2 megahexes') }), { nil: null })
      .map((ruler): Step => ({ kind: 'projector', change: { ruler } })),
    ...(sight
      ? [command(fc.record({ type: fc.constant('setPartySight' as const), sideId: fc.constant('party'), range: fc.integer({ min: 1, max: 12 }) }))]
      : []),
  );
};

/** Commands on hidden things only, one world's own; `undone`: taken back at once. */
const hiddenStep = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom('turn', 'move', 'note', 'rename', 'damage', 'heal', 'side', 'paint', 'gmMark', 'mark', 'gmDrawing'),
  label: fc.constantFrom('gm-a', 'gm-b', 'gm-c'),
  facing: fc.integer({ min: 0, max: 5 }),
  hex: fogHex,
  words: text,
  undone: fc.boolean(),
});
type Hidden = typeof hiddenStep extends fc.Arbitrary<infer T> ? T : never;

function hiddenCommand(state: EncounterState, h: Hidden): Command | null {
  const fogged = new Set(state.map.hidden);
  const unseen = state.figures.filter((f) => f.hidden || fogged.has(hexKey(f.position)));
  const anyone = state.figures[h.pick % state.figures.length]!;
  const one = unseen[h.pick % Math.max(1, unseen.length)];
  switch (h.kind) {
    case 'note':
      return { type: 'updateFigure', figureId: anyone.id, changes: { gmNotes: h.words } };
    case 'paint':
      return { type: 'paintTerrain', hexes: [h.hex], terrain: 'wall' };
    case 'gmDrawing': // A label and a line only the GM sees, anywhere on the map.
      return h.facing % 2 === 0
        ? { type: 'drawOnMap', drawing: { kind: 'text', at: { x: 2 + h.facing, y: 3 }, text: `trap ${h.words}`.slice(0, 40), colour: '#ef476f', shown: false } }
        : {
            type: 'drawOnMap',
            drawing: {
              kind: 'line',
              points: [
                { x: 1, y: 1 },
                { x: 4, y: h.facing },
              ],
              colour: '#111111',
              shown: false,
            },
          };
    case 'gmMark': // A condition only the GM sees, on any figure.
      return { type: 'markFigure', figureId: anyone.id, label: h.label, turns: h.facing + 1, shown: false };
    case 'side':
      return state.sides.some((s) => s.id === 'lurkers') ? { type: 'updateSide', sideId: 'lurkers', name: `Cult ${h.words}` } : null;
    default:
      if (one === undefined || one.position.q < FOG_FROM) return null;
      switch (h.kind) {
        case 'turn':
          return { type: 'turnFigure', figureId: one.id, facing: h.facing };
        case 'move':
          return { type: 'moveFigure', figureId: one.id, to: h.hex };
        case 'rename':
          return { type: 'updateFigure', figureId: one.id, changes: { name: h.words } };
        case 'mark': // A condition the players would see, on a figure they do not.
          return { type: 'markFigure', figureId: one.id, label: h.label, turns: null, shown: true };
        case 'damage':
          return { type: 'takeDamage', figureId: one.id, amount: 3, to: 'both', armour: false, cause: h.words, tellPlayers: true };
        default:
          return { type: 'heal', figureId: one.id, fatigue: 2, cause: h.words, tellPlayers: true };
      }
  }
}

interface Played {
  readonly sent: string;
  readonly projectors: string;
  readonly held: string;
  readonly recap: string;
  readonly grants: string;
}

/** Plays one world: the projection is told every change as the session and the host tell it. */
function play(
  initial: EncounterState,
  script: readonly (Step | { kind: 'hidden'; step: Hidden } | { kind: 'darkTurn'; figure: string; facing: number })[],
  names: readonly string[],
): Played {
  const sent: PlayerView[] = [];
  const projectors: ProjectorState[] = [];
  let projector: ProjectorState = DEFAULT_PROJECTOR;
  const table = new PlayerProjection(TABLE, (frame) => sent.push(frame), screenOf(projector));
  let pushed: ProjectorState | null = null;
  const pushProjector = () => {
    const mine = table.projector(projector);
    if (mine !== pushed) projectors.push((pushed = mine));
  };
  pushProjector();
  let state = initial;
  const entries: { events: LoggedEvent[] }[] = [];
  const states: EncounterState[] = [];
  const opening = (s: EncounterState) => ({ key: 'opening', state: s, rules: DEFAULT_RULES });
  table.show(opening(state), { kind: 'log', entries });
  const run = (command: Command, seed: number): boolean => {
    let result;
    try {
      result = apply(state, command, createSeededDice(seed), DEFAULT_RULES);
    } catch (e) {
      if (isAppError(e)) return false;
      throw e;
    }
    const events = result.events.map((e) => ({ ...e }) as LoggedEvent);
    const before = state;
    state = result.state;
    entries.push({ events });
    states.push(state);
    table.publish(table.stage(opening(state), { kind: 'command', before, events, at: entries.length }));
    return true;
  };
  const undo = () => {
    entries.pop();
    states.pop();
    state = states.at(-1) ?? initial;
    table.show(opening(state), { kind: 'log', entries });
  };
  for (const step of script) {
    if (step.kind === 'command') run(step.command, step.seed);
    else if (step.kind === 'undo') {
      if (entries.length > 0) undo();
    } else if (step.kind === 'projector') {
      projector = { ...projector, ...step.change, revision: projector.revision + 1 };
      table.setScreen(screenOf(projector));
      pushProjector();
    } else if (step.kind === 'hidden') {
      const command = hiddenCommand(state, step.step);
      if (command !== null && run(command, 1) && step.step.undone) undo();
    } else {
      // In the dark, a seen figure turned and turned back: two commands the table never sees.
      const was = state.figures.find((f) => f.id === step.figure)?.facing;
      if (projector.blackout && was !== undefined && run({ type: 'turnFigure', figureId: step.figure, facing: step.facing }, 1)) {
        run({ type: 'turnFigure', figureId: step.figure, facing: was }, 1);
      }
    }
  }
  const recap = recapParagraphs(initial, entries, states, () => 1, TABLE);
  // What each name gets now: served (and how), answered "moved on", or refused.
  const grants = names.map((n) => table.grant(n)?.kind ?? (table.superseded(n) ? 'superseded' : null));
  return {
    sent: JSON.stringify(sent),
    projectors: JSON.stringify(projectors),
    held: JSON.stringify(table.frame()),
    recap: JSON.stringify(recap),
    grants: JSON.stringify(grants),
  };
}

/** The players' copy of the encounter's map image at its start, whole and in pieces. */
function maskedNames(state: EncounterState): string[] {
  const masked = maskedMapImage(state);
  return masked ? [masked.shown.asset, ...(masked.shown.tiles?.names ?? [])] : [];
}

/** Ids read by their order of first appearance: an id is a keyed hash, so only which ids are equal says anything. */
function canonical(played: Played): Played {
  const order = new Map<string, string>();
  const rename = (s: string) => s.replace(/\b[fsg][0-9a-f]{24}\b/g, (id) => order.get(id) ?? (order.set(id, `id${order.size}`), `id${order.size - 1}`));
  return { sent: rename(played.sent), projectors: rename(played.projectors), held: rename(played.held), recap: rename(played.recap), grants: played.grants };
}

describe('the player projection when only hidden things change', () => {
  it('emits the same frames, revisions, line, projector states, asset answers and recap', () => {
    fc.assert(
      fc.property(
        publicPart.chain((pub) => fc.tuple(fc.constant(pub), fc.array(publicStep(pub.seen.length, pub.sight !== undefined), { minLength: 4, maxLength: 14 }))),
        secretPart,
        secretPart,
        fc.array(fc.tuple(fc.nat(), hiddenStep), { maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 })), { maxLength: 3 }),
        ([pub, steps], secretA, secretB, hidden, darkTurns) => {
          const a = encounterOf(pub, secretA);
          const b = encounterOf(pub, secretB);
          // World A: the public steps with hidden commands and dark turns slipped in; world B: the public steps alone.
          const scriptA: Parameters<typeof play>[1][number][] = [...steps];
          for (const [where, step] of hidden) scriptA.splice(where % (scriptA.length + 1), 0, { kind: 'hidden', step });
          for (const [where, facing] of darkTurns) {
            const dark = scriptA.findIndex((s, i) => i >= where % scriptA.length && s.kind === 'projector' && s.change.blackout === true);
            if (dark >= 0) scriptA.splice(dark + 1, 0, { kind: 'darkTurn', figure: `seen-${where % pub.seen.length}`, facing });
          }
          const names = [
            IMAGE,
            ...[...a.figures, ...b.figures].flatMap((f) => (f.art ? [f.art] : [])),
            ...[a, b].flatMap((s) => [s.map.image!.asset, ...maskedNames(s)]),
          ];
          const playedA = canonical(play(a, scriptA, names));
          const playedB = canonical(play(b, steps, names));
          expect(playedA.sent).toBe(playedB.sent);
          expect(playedA.projectors).toBe(playedB.projectors);
          expect(playedA.held).toBe(playedB.held);
          expect(playedA.recap).toBe(playedB.recap);
          expect(playedA.grants).toBe(playedB.grants);
          // Nothing hidden is ever sent: no unseen figure's name or note, no illusion, no hidden side, no GM's words.
          for (const secret of [secretA, secretB]) {
            for (const h of [...secret.hidden, ...secret.lookouts]) expect(playedA.sent).not.toContain(`secret ${h.name}`);
          }
          expect(playedA.sent).not.toMatch(/Blur|Minor Illusion|Cult /);
          // The hidden figures' art is never granted.
          const hiddenArt = new Set([...a.figures, ...b.figures].filter((f) => f.id.startsWith('hidden-')).flatMap((f) => (f.art ? [f.art] : [])));
          names.forEach((n, i) => hiddenArt.has(n) && expect(JSON.parse(playedA.grants)[i]).toBeNull());
        },
      ),
      { numRuns: 120 },
    );
  });
});

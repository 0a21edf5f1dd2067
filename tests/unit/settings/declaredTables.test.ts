import { describe, expect, it } from 'vitest';
import { ProjectorSchema, ProjectorUpdateSchema, PlayerLegibilitySchema, type ProjectorUpdate } from '../../../src/shared/contract/channels/display';
import { TurnOptionSchema } from '../../../src/shared/contract/channels/rules';
import { DEFAULT_RULES, RulesSchema } from '../../../src/shared/contract/rulesSettings';
import {
  DEFAULT_LEGIBILITY,
  GM_SET_PARTS,
  HOST_PROJECTOR_SETTINGS,
  LEGIBILITY_SETTINGS,
  PROJECTOR_LIFETIMES,
  type HostProjectorDescriptor,
  type LegibilityDescriptor,
  type PlayerLegibility,
} from '../../../src/shared/settings/projectorTable';
import { OPTION_KEYS, OPTION_SOURCES, RULE_OPTIONS, RULE_SETTINGS, RULE_SOURCES } from '../../../src/shared/settings/ruleTable';
import { DEFAULT_PROJECTOR, Projector } from '../../../src/main/services/projector';
import { settingsOf, rulesFor } from '../../../src/main/engine/rules';

describe('the rule settings table', () => {
  it('gives the schema, the defaults and the sources, one row per setting', () => {
    const declared = RULE_SETTINGS.map((s) => s.key);
    expect(Object.keys(DEFAULT_RULES)).toEqual([...declared, 'options', 'optionSettings', 'spellEdits']);
    for (const s of RULE_SETTINGS) {
      expect(DEFAULT_RULES[s.key]).toEqual(s.default);
      expect(RULE_SOURCES[s.key]).toBe(s.ruling);
    }
    expect(OPTION_SOURCES).toEqual({
      'options.classic': 'RULINGS O1 (004)',
      'options.perCharacterInitiative': 'RULINGS O2 (000)',
      'options.strideMomentum': 'RULINGS O3 (002)',
      'options.declaredIntent': 'RULINGS O4 (003)',
    });
    expect(Object.keys(DEFAULT_RULES.options)).toEqual(RULE_OPTIONS.map((o) => o.key));
    expect(settingsOf(rulesFor(DEFAULT_RULES))).toEqual(DEFAULT_RULES);
  });

  it('checks each whole-number setting against its declared bounds', () => {
    for (const s of RULE_SETTINGS) {
      if (s.kind !== 'int') continue;
      expect(RulesSchema.safeParse({ ...DEFAULT_RULES, [s.key]: s.min }).success).toBe(true);
      expect(RulesSchema.safeParse({ ...DEFAULT_RULES, [s.key]: s.min - 1 }).success).toBe(false);
      expect(RulesSchema.safeParse({ ...DEFAULT_RULES, [s.key]: s.max + 1 }).success).toBe(false);
      expect(RulesSchema.safeParse({ ...DEFAULT_RULES, [s.key]: s.min + 0.5 }).success).toBe(false);
    }
  });

  it('reads a setting or an option a stored file lacks as its declared default (a new one needs no migration)', () => {
    for (const s of RULE_SETTINGS) {
      const { [s.key]: _left, ...without } = DEFAULT_RULES;
      expect(RulesSchema.parse(without)).toEqual(DEFAULT_RULES);
    }
    expect(RulesSchema.parse({ ...DEFAULT_RULES, options: { classic: true } }).options).toEqual({ ...DEFAULT_RULES.options, classic: true });
    expect(RulesSchema.safeParse({ ...DEFAULT_RULES, surprise: 1 }).success).toBe(false);
  });

  it('the turn rules channel accepts exactly the declared options', () => {
    expect(TurnOptionSchema.shape.key.options).toEqual(OPTION_KEYS);
  });
});

/** A value of a host-lived setting away from its default, from its declared kind and bounds. */
function changedHostValue(s: HostProjectorDescriptor): unknown {
  switch (s.kind) {
    case 'choice':
      return s.choices.find((c) => c !== s.default);
    case 'flag':
      return !s.default;
    case 'number':
      return s.default === s.max ? s.min : s.max;
    case 'frame':
      return { x: 3, y: 4, width: 20, height: 10 };
    case 'screen':
      return { widthPx: 3840, heightPx: 2160, diagonalInches: 65 };
  }
}

/**
 * One changed value per part the GM may set: every declared host setting by its kind, and every
 * legibility setting away from its default (the slider at its top, or its bottom if that is the
 * default; the switch flipped). A part added outside the tables, without one here, fails the test
 * below; a value not away from its default, or refused by the schema, fails the one after.
 */
const CHANGED = {
  ...Object.fromEntries(HOST_PROJECTOR_SETTINGS.map((s: HostProjectorDescriptor) => [s.key, changedHostValue(s)])),
  legibility: Object.fromEntries(
    LEGIBILITY_SETTINGS.map((s: LegibilityDescriptor) => [s.key, s.kind === 'flag' ? !s.default : s.default === s.max ? s.min : s.max]),
  ) as PlayerLegibility,
} as Required<ProjectorUpdate>;

describe('the projector table', () => {
  it('names the lifetime of every part of the projector state, and setProjector takes exactly the GM-set ones', () => {
    expect(Object.keys(ProjectorSchema.shape).sort()).toEqual(Object.keys(PROJECTOR_LIFETIMES).sort());
    expect(Object.keys(ProjectorUpdateSchema.shape).sort()).toEqual([...GM_SET_PARTS].sort());
    expect(Object.keys(CHANGED).sort()).toEqual([...GM_SET_PARTS].sort());
  });

  it('gives the host-lived parts their schema and defaults from the table', () => {
    for (const s of HOST_PROJECTOR_SETTINGS) {
      expect(DEFAULT_PROJECTOR[s.key]).toEqual(s.default);
      expect(PROJECTOR_LIFETIMES[s.key]).toBe('host');
      if (s.kind === 'number') {
        expect(ProjectorUpdateSchema.safeParse({ [s.key]: s.max + 0.01 }).success).toBe(false);
        expect(ProjectorUpdateSchema.safeParse({ [s.key]: s.min - 0.01 }).success).toBe(false);
      }
      if (s.kind === 'choice') expect(ProjectorUpdateSchema.safeParse({ [s.key]: 'neither' }).success).toBe(false);
    }
  });

  it('keeps every part an update validated: none is dropped, none is shared with the caller', () => {
    for (const part of GM_SET_PARTS) {
      const projector = new Projector(() => 0);
      const update = ProjectorUpdateSchema.parse({ [part]: CHANGED[part] });
      const after = projector.set(update);
      expect(after[part]).toEqual(CHANGED[part]);
      expect(after[part]).not.toEqual(DEFAULT_PROJECTOR[part]);
      if (typeof after[part] === 'object' && after[part] !== null) expect(after[part]).not.toBe(update[part]);
      // Staging a scene holds the TV's camera (services/projector.ts): the one part that moves another.
      const expected = part === 'staged' ? { ...DEFAULT_PROJECTOR, mode: 'hold' } : DEFAULT_PROJECTOR;
      for (const other of Object.keys(PROJECTOR_LIFETIMES) as (keyof typeof PROJECTOR_LIFETIMES)[]) {
        if (other !== part && other !== 'revision') expect(after[other]).toEqual(expected[other]);
      }
      expect(after.revision).toBe(1);
    }
  });

  it('gives the legibility schema and defaults, and a campaign.json without a setting reads its default', () => {
    expect(Object.keys(DEFAULT_LEGIBILITY)).toEqual(LEGIBILITY_SETTINGS.map((s) => s.key));
    expect(PlayerLegibilitySchema.parse({})).toEqual(DEFAULT_LEGIBILITY);
    expect(DEFAULT_PROJECTOR.legibility).toEqual(DEFAULT_LEGIBILITY);
    for (const s of LEGIBILITY_SETTINGS) {
      expect(DEFAULT_LEGIBILITY[s.key]).toBe(s.default);
      if (s.kind !== 'scale') continue;
      expect(PlayerLegibilitySchema.safeParse({ [s.key]: s.max + 0.01 }).success).toBe(false);
      expect(PlayerLegibilitySchema.safeParse({ [s.key]: s.min - 0.01 }).success).toBe(false);
    }
  });
});

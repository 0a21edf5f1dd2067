/**
 * The players' line (projection/line.ts), on the sample campaign through the real Core (a temp
 * folder, the real engine, faces entered at the table) with the line switched on as the GM does in
 * the player display's settings. The line is the players' recap sentences of the latest command
 * they saw something of: no mana, control roll or pool; nothing the magic view hides (an illusion,
 * a spell into fog); no unseen figure nor its roll; no raw hex coordinates.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { DEFAULT_LEGIBILITY } from '../../../src/shared/contract/channels/display';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

async function started(): Promise<Core> {
  const core = closing.add(
    await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, now: () => new Date('2026-03-01T12:00:00.000Z') }, recordingSink()),
  );
  core.projector.set({ legibility: { ...DEFAULT_LEGIBILITY, latestLine: true } });
  return core;
}

async function toActions(): Promise<Core> {
  const core = await started();
  const s = core.session;
  await s.execute({ type: 'rollInitiative' }, [[5], [2]]);
  await s.execute({ type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  await s.execute({ type: 'advancePhase' });
  await s.execute({ type: 'advancePhase' });
  await s.execute({ type: 'advancePhase', override: true });
  await s.execute({ type: 'advancePhase', override: true });
  return core;
}

const lineOf = (core: Core) => core.session.playerView().encounter.latest;

describe('the players’ line on the latest command', () => {
  it('is empty before anything happened, then says what the table saw', async () => {
    const core = await started();
    expect(lineOf(core)).toBeUndefined();
    await core.session.execute({ type: 'rollInitiative' }, [[5], [2]]);
    expect(lineOf(core)).toEqual(['Initiative: The Party 5, Ford Raiders 2.']);
  });

  it('a pushed spell is told without its mana or control roll (RULINGS C8)', async () => {
    const core = await toActions();
    await core.session.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-detect-magic', push: 1, override: true }, [
      [3, 3, 3],
      [4, 4, 4],
    ]);
    const latest = lineOf(core)!;
    expect(latest).toEqual(['Ilsa cast Detect Magic.']);
    expect(latest.join(' ')).not.toMatch(/mana|control|push|roll/i);
  });

  it('an illusion is not named: the line hides what the magic view hides (Blur is a Minor Illusion, 001 §Spell Lists)', async () => {
    const core = await toActions();
    const s = core.session;
    expect(lineOf(core)).toEqual(['The Party chose to move first.']);
    await s.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-blur', targetId: 'ilsa', override: true }, [[3, 3, 3]]);
    expect(
      s
        .gmView()
        .encounter.figures.find((f) => f.id === 'ilsa')
        ?.spells.filter((sp) => sp.name === 'Blur' && sp.targetId === 'ilsa'),
    ).toHaveLength(1);
    const view = s.playerView();
    expect(view.encounter.magic.active.map((a) => a.name)).not.toContain('Blur');
    expect(view.encounter.latest).toEqual(['The Party chose to move first.']);
    expect(JSON.stringify(view)).not.toMatch(/Blur|Illusion/);
  });

  it('a spell aimed into fog shows neither its hex nor itself; one in the open is placed in words', async () => {
    const core = await toActions();
    const s = core.session;
    // 22,-5 is under the sample's fog.
    await s.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetHex: { q: 22, r: -5 }, override: true }, [[3, 3, 3]]);
    expect(
      s
        .gmView()
        .encounter.figures.find((f) => f.id === 'ilsa')
        ?.spells.some((sp) => sp.at?.q === 22),
    ).toBe(true);
    expect(lineOf(core)).toEqual(['The Party chose to move first.']);
    expect(JSON.stringify(s.playerView())).not.toMatch(/Light|"q":22/);
    await s.undo();
    await s.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetHex: { q: 8, r: 7 }, override: true }, [[3, 3, 3]]);
    expect(lineOf(core)).toEqual(['Ilsa cast Light 2 hexes south-west of Bram.']);
  });

  it('an unseen figure’s blow tells neither the figure nor its roll: a wound reads "Bram was hurt.", a blow armour stops says nothing', async () => {
    const core = await toActions();
    const s = core.session;
    await s.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-detect-magic', override: true }, [[4, 4, 4]]);
    // Sella is hidden under fog in the sample: the small bow's 1d6 − 1 rolls 4 − 1 = 3, Bram's armour stops 3.
    await s.execute({ type: 'attack', figureId: 'sella', targetId: 'bram', weaponId: 'small-bow', override: true }, [[1, 2, 2], [4]]);
    expect(lineOf(core)).toEqual(['Ilsa cast Detect Magic.']);
    await s.undo();
    // 6 − 1 = 5 gets 2 through.
    await s.execute({ type: 'attack', figureId: 'sella', targetId: 'bram', weaponId: 'small-bow', override: true }, [[1, 2, 2], [6]]);
    expect(lineOf(core)).toEqual(['Bram was hurt.']);
    expect(JSON.stringify(s.playerView())).not.toMatch(/Sella|rolled|armour|small bow/i);
  });

  it('a command the players cannot see leaves the line and the whole frame as they were, undo included', async () => {
    const core = await toActions();
    const s = core.session;
    await s.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-detect-magic', override: true }, [[4, 4, 4]]);
    const before = s.playerView();
    await s.execute({ type: 'turnFigure', figureId: 'sella', facing: 2 });
    await s.execute({ type: 'turnFigure', figureId: 'sella', facing: 3 });
    expect(s.playerView()).toEqual(before);
    // Undoing one unseen command reads the line again from the log: the latest command the players saw.
    await s.undo();
    expect(s.playerView()).toEqual(before);
    await s.undo();
    await s.undo();
    expect(lineOf(core)).toEqual(['The Party chose to move first.']);
  });

  it('a visible blow is told with the dice the table saw and no pools after it', async () => {
    const core = await toActions();
    const s = core.session;
    await s.execute({ type: 'setFigureHidden', figureId: 'sella', hidden: false });
    await s.execute({ type: 'setHexesHidden', hexes: [{ q: 22, r: -6 }], hidden: false });
    await s.execute({ type: 'attack', figureId: 'sella', targetId: 'bram', weaponId: 'small-bow', override: true }, [[1, 2, 2], [4]]);
    expect(lineOf(core)).toEqual([
      'Sella struck at Bram with small bow: hit [3d6: 5 against adjDEX 6]. Rolled 5: an automatic hit, Fatigue only.',
      'Bram took 0 [damage rolled 3, armour stops 3].',
    ]);
  });

  it('says places in words, never as hex coordinates', async () => {
    const core = await started();
    const s = core.session;
    await s.execute({ type: 'moveFigure', figureId: 'ilsa', to: { q: 8, r: 5 } });
    expect(lineOf(core)).toEqual(['Ilsa is now next to Bram.']);
    for (const [q, r] of [
      [8, 4],
      [8, 3],
      [8, 2],
    ])
      await s.execute({ type: 'moveFigure', figureId: 'ilsa', to: { q: q!, r: r! } });
    expect(lineOf(core)).toEqual(['Ilsa is now 4 hexes north of Bram.']);
    for (const frame of [s.playerView()]) expect(JSON.stringify(frame.encounter.latest)).not.toMatch(/\(-?\d+, -?\d+\)/);
  });
});

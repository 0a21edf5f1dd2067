/**
 * The projector's line on what just happened (issue 12 "Checked by": the player page shows an
 * attack's result without its secrets), on the sample campaign through the real Core (a temp
 * folder, the real engine, faces entered at the table). The line is the players' recap sentences
 * of the latest command (session/playersLatest.ts): no mana, control roll or pool, and a command
 * the players cannot see leaves the line and the player view as they were (issue 13 §5).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { playersLatest } from '../../../src/main/session/playersLatest';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

async function toActions(): Promise<Core> {
  const core = await Core.start(
    { dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, now: () => new Date('2026-03-01T12:00:00.000Z') },
    recordingSink(),
  );
  const s = core.session;
  await s.execute({ type: 'rollInitiative' }, [[5], [2]]);
  await s.execute({ type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  await s.execute({ type: 'advancePhase' });
  await s.execute({ type: 'advancePhase' });
  await s.execute({ type: 'advancePhase', override: true });
  await s.execute({ type: 'advancePhase', override: true });
  return core;
}

describe('the projector’s line on the latest command', () => {
  it('is empty before anything happened, then says what the table saw', async () => {
    const core = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    expect(core.session.playerView().encounter.latest).toBeUndefined();
    await core.session.execute({ type: 'rollInitiative' }, [[5], [2]]);
    expect(core.session.playerView().encounter.latest).toEqual(['Initiative: The Party 5, Ford Raiders 2.']);
  });

  it('a pushed spell is told without its mana or control roll (RULINGS C8)', async () => {
    const core = await toActions();
    await core.session.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-detect-magic', push: 1, override: true }, [
      [3, 3, 3],
      [4, 4, 4],
    ]);
    const latest = core.session.playerView().encounter.latest!;
    expect(latest).toEqual(['Ilsa cast Detect Magic.']);
    expect(latest.join(' ')).not.toMatch(/mana|control|push|roll/i);
  });

  it('a shot by a hidden figure names only its target, as the recap does; undo reads the line again', async () => {
    const core = await toActions();
    const s = core.session;
    await s.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-detect-magic', override: true }, [[4, 4, 4]]);
    // Sella is hidden under fog in the sample: the table sees Bram struck (armour stops it all), not who shot nor her roll.
    await s.execute({ type: 'attack', figureId: 'sella', targetId: 'bram', weaponId: 'small-bow', override: true }, [[1, 2, 2], [4]]);
    expect(s.playerView().encounter.latest).toEqual(['Bram took 0 [damage rolled 3, armour stops 3].']);
    // Turning a hidden figure is nothing the players see: the line and the whole view stay as they were.
    const before = s.playerView();
    await s.execute({ type: 'turnFigure', figureId: 'sella', facing: 2 });
    expect(s.playerView()).toEqual(before);
    await s.undo();
    await s.undo();
    expect(s.playerView().encounter.latest).toEqual(['Ilsa cast Detect Magic.']);
    await s.undo();
    expect(s.playerView().encounter.latest).toBeUndefined();
  });

  it('a visible blow is told with the dice the table saw and no pools after it', async () => {
    const core = await toActions();
    const s = core.session;
    await s.execute({ type: 'setFigureHidden', figureId: 'sella', hidden: false });
    await s.execute({ type: 'setHexesHidden', hexes: [{ q: 22, r: -6 }], hidden: false });
    await s.execute({ type: 'attack', figureId: 'sella', targetId: 'bram', weaponId: 'small-bow', override: true }, [[1, 2, 2], [4]]);
    expect(s.playerView().encounter.latest).toEqual([
      'Sella struck at Bram with small bow: hit [3d6: 5 against adjDEX 6]. Rolled 5: an automatic hit, Fatigue only.',
      'Bram took 0 [damage rolled 3, armour stops 3].',
    ]);
  });

  it('keeps a sentence only when every figure it names is in sight now', () => {
    const state = {
      sides: [],
      figures: [
        { id: 'a', name: 'Ash', hidden: false, position: { q: 0, r: 0 } },
        { id: 'b', name: 'Birch', hidden: true, position: { q: 1, r: 0 } },
      ],
      map: { hidden: [] },
    };
    const events = [
      { type: 'passed', figureId: 'a' },
      { type: 'passed', figureId: 'b' },
      { type: 'manaSpent', casterId: 'a', amount: 2, reason: 'casting Light' },
    ];
    expect(playersLatest(state as unknown as Parameters<typeof playersLatest>[0], events)).toEqual(['Ash held back.']);
  });
});

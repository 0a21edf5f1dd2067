/**
 * The states on a token, on the sample campaign through the real Core: the GM's view has every one
 * (saying which the players do not see); the players' frame only those they could see at the
 * table — no GM-only condition, no turns, no illusion, nothing on a figure they do not see.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

async function toActions(): Promise<Core> {
  const core = closing.add(
    await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, now: () => new Date('2026-03-01T12:00:00.000Z') }, recordingSink()),
  );
  const s = core.session;
  await s.execute({ type: 'rollInitiative' }, [[5], [2]]);
  await s.execute({ type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  for (const override of [false, false, true, true]) await s.execute({ type: 'advancePhase', ...(override ? { override } : {}) });
  return core;
}

const gmStates = (core: Core, id: string) => core.session.gmView().encounter.figures.find((f) => f.id === id)!.tokenConditions;
const playerStates = (core: Core, name: string) => core.session.playerView().encounter.figures.find((f) => f.name === name)?.shownConditions;

describe('the states on a token, as each audience sees them', () => {
  it('a GM condition reaches the players only when shown, and never with its turns', async () => {
    const core = await toActions();
    const s = core.session;
    await s.execute({ type: 'markFigure', figureId: 'bram', label: 'Stunned', turns: 2, shown: true });
    await s.execute({ type: 'markFigure', figureId: 'bram', label: 'Cursed', turns: null, shown: false });
    expect(gmStates(core, 'bram')).toEqual([
      { label: 'Stunned', kind: 'mark', seen: true, turnsLeft: 2, markId: 'mark-1' },
      { label: 'Cursed', kind: 'mark', seen: false, markId: 'mark-2' },
    ]);
    expect(playerStates(core, 'Bram')).toEqual([{ label: 'Stunned', kind: 'mark' }]);
    expect(JSON.stringify(s.playerView())).not.toMatch(/Cursed|mark-/);
  });

  it('a spell on a figure is shown when the players see it; an illusion (Blur) only on the GM’s token', async () => {
    const lit = await toActions();
    await lit.session.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetId: 'ilsa', override: true }, [[3, 3, 3]]);
    expect(gmStates(lit, 'ilsa')).toContainEqual({ label: 'Light', kind: 'spell', seen: true });
    expect(playerStates(lit, 'Ilsa')).toEqual([{ label: 'Light', kind: 'spell' }]);

    const blurred = await toActions();
    await blurred.session.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-blur', targetId: 'ilsa', override: true }, [[3, 3, 3]]);
    expect(gmStates(blurred, 'ilsa')).toContainEqual({ label: 'Blur', kind: 'spell', seen: false });
    expect(playerStates(blurred, 'Ilsa')).toBeUndefined();
  });

  it('a hidden figure’s states reach no player frame', async () => {
    const core = await toActions();
    const s = core.session;
    await s.execute({ type: 'markFigure', figureId: 'sella', label: 'Ambushing', turns: null, shown: true });
    expect(gmStates(core, 'sella')).toContainEqual({ label: 'Ambushing', kind: 'mark', seen: true, markId: 'mark-1' });
    expect(playerStates(core, 'Sella')).toBeUndefined();
    expect(JSON.stringify(s.playerView())).not.toMatch(/Ambushing/);
  });
});

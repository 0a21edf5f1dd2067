/**
 * The combat recap, on a log played through the real Core in the sample campaign
 * (a temp folder, the real engine, faces entered at the table). The GM's version tells every
 * blow, spell and secret with the dice in brackets; the players' version is written from
 * `playerView`'s point of view: no hidden figure, no mana or runaway, nothing under fog.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

async function played(fogIlsa = false): Promise<Core> {
  const core = closing.add(
    await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, now: () => new Date('2026-03-01T12:00:00.000Z') }, recordingSink()),
  );
  const s = core.session;
  // Turn 1, before initiative: Grak is hidden from the players (a GM secret).
  await s.execute({ type: 'setFigureHidden', figureId: 'grak', hidden: true });
  await s.execute({ type: 'rollInitiative' }, [[5], [2]]);
  await s.execute({ type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  await s.execute({ type: 'advancePhase' });
  await s.execute({ type: 'renewSpell', figureId: 'ilsa', activeId: 'blur-on-bram' });
  await s.execute({ type: 'advancePhase' });
  // Bram steps 1 hex toward the ford; the others stand.
  await s.execute({ type: 'move', figureId: 'bram', to: { q: 10, r: 5 }, override: true });
  await s.execute({ type: 'advancePhase', override: true });
  await s.execute({ type: 'advancePhase', override: true });
  if (fogIlsa) await s.execute({ type: 'setHexesHidden', hexes: [{ q: 8, r: 6 }], hidden: true });
  // Actions: Ilsa casts Detect Magic pushed 1 (control 3d6 ≤ 14: 9; casting 3d6 ≤ 15: 12).
  await s.execute({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-detect-magic', push: 1, override: true }, [
    [3, 3, 3],
    [4, 4, 4],
  ]);
  // Sella (hidden in the sample) shoots Bram: 3d6 5, an automatic hit; the bow's 1d6 − 1 rolls 4 − 1 = 3.
  await s.execute({ type: 'attack', figureId: 'sella', targetId: 'bram', weaponId: 'small-bow', override: true }, [[1, 2, 2], [4]]);
  return core;
}

describe('the combat recap', () => {
  it('the GM’s version: sentences per turn with the dice in brackets, secrets included', async () => {
    const core = await played();
    const { fileName, markdown } = await core.campaigns.exportCombatLog();
    expect(fileName).toBe('Ambush at the Ford recap (GM).md');
    expect(markdown).toContain('# Combat recap (GM): Ambush at the Ford');
    expect(markdown).toContain('## Turn 1');
    expect(markdown).toContain('Grak was hidden from the players.');
    expect(markdown).toContain('Initiative: The Party 5, Ford Raiders 2.\n\nThe Party chose to move first.');
    expect(markdown).toContain('Ilsa spent 1 mana renewing Blur.');
    expect(markdown).toMatch(
      /Ilsa spent 2 mana casting Detect Magic\. Ilsa's push control roll \[3d6: 9 against 14\]: controlled\. Ilsa's casting roll \[3d6: 12 against 15\]: success\. Ilsa cast Detect Magic: succeeded\./,
    );
    // Sella is hidden in the sample: the GM reads her shot in full.
    expect(markdown).toContain(
      'Sella struck at Bram with small bow: hit [3d6: 5 against adjDEX 6]. Rolled 5: an automatic hit, Fatigue only. Bram took 0 [damage rolled 3, armour stops 3] (Fatigue 53, Body 36).',
    );
    expect(markdown).not.toMatch(/ticks|\{"|waitingTurns|from mana/);
  });

  it('the players’ version: no hidden Grak or Sella, no mana, no pools; the blow and the spell as the table saw them', async () => {
    const core = await played();
    const { fileName, markdown } = await core.campaigns.exportCombatLog(undefined, 'players');
    expect(fileName).toBe('Ambush at the Ford recap for players.md');
    expect(markdown).toContain('# Combat recap: Ambush at the Ford\n\nWritten 2026-03-01.');
    expect(markdown).not.toContain('Sample Campaign');
    // Grak and Sella are hidden: neither is named.
    expect(markdown).not.toMatch(/Grak|Sella|mana|Debt|runaway|Fatigue|Body|hidden|GM|control|casting roll/i);
    expect(markdown).toContain('Ilsa cast Detect Magic.');
    expect(markdown).toContain('Bram moved 1 hex.');
    // Both Ford Raiders are hidden: the side is the GM's too, its name and its roll.
    expect(markdown).toContain('Initiative: The Party 5.');
    expect(markdown).not.toMatch(/Ford Raiders/);
    // The unseen Sella's shot is not told: not her, not her roll; her arrow stopped by armour hurt no one.
    expect(markdown).not.toMatch(/took|rolled|armour|small bow|hurt/);
    // No raw hex coordinates (the table says where in words, or not at all).
    expect(markdown).not.toMatch(/\(-?\d+, -?\d+\)/);
  });

  it('the players’ version names a figure as the table knew it then: renamed once out of sight, the new name is never read back', async () => {
    const core = await played();
    const s = core.session;
    await s.execute({ type: 'setFigureHidden', figureId: 'ilsa', hidden: true });
    await s.execute({ type: 'updateFigure', figureId: 'ilsa', changes: { name: 'Ilsa, secretly the Duke’s spy' } });
    const players = (await core.campaigns.exportCombatLog(undefined, 'players')).markdown;
    expect(players).toContain('Ilsa cast Detect Magic.');
    expect(players).not.toMatch(/spy|Duke/);
    expect((await core.campaigns.exportCombatLog()).markdown).toContain('Duke’s spy');
  });

  it('a figure under fog drops out of the players’ version for as long as it stays there', async () => {
    const core = await played(true);
    const players = (await core.campaigns.exportCombatLog(undefined, 'players')).markdown;
    expect(players).not.toContain('Ilsa');
    expect(players).toContain('Bram moved 1 hex');
    const gm = (await core.campaigns.exportCombatLog()).markdown;
    expect(gm).toContain('Ilsa cast Detect Magic: succeeded.');
  });

  it('the GM’s own damage, healing and typed pools are told: in full to the GM, only that it happened to the players (RULINGS C4, C5)', async () => {
    const core = await played();
    const s = core.session;
    await s.execute({ type: 'takeDamage', figureId: 'bram', amount: 5, to: 'both', armour: false, cause: 'a fall' });
    await s.execute({ type: 'heal', figureId: 'bram', fatigue: 3, cause: 'a potion' });
    await s.execute({ type: 'setPools', figureId: 'ilsa', fatigue: 20 });
    const gm = (await core.campaigns.exportCombatLog()).markdown;
    expect(gm).toContain('Bram took 5 Fatigue and 5 Body from a fall (Fatigue 53 → 48, Body 36 → 31).');
    expect(gm).toContain('Bram healed 3 Fatigue from a potion (Fatigue 48 → 51, Body 31 → 31).');
    expect(gm).toMatch(/The GM set Ilsa’s pools \(Fatigue \d+ → 20, Body \d+ → \d+\)\./);
    const players = (await core.campaigns.exportCombatLog(undefined, 'players')).markdown;
    // A cause the GM typed is the GM's: the players read the console's own words.
    expect(players).toContain('Bram was hurt.');
    expect(players).toContain('Bram was healed.');
    expect(players).not.toMatch(/Fatigue|Body|GM set|potion|fall/);
  });

  it('a cause the GM chose to tell the players is in their version, and the GM’s says it was told', async () => {
    const core = await played();
    const s = core.session;
    await s.execute({ type: 'takeDamage', figureId: 'bram', amount: 5, to: 'both', armour: false, cause: 'a fall', tellPlayers: true });
    await s.execute({ type: 'heal', figureId: 'bram', fatigue: 3, cause: 'a potion from the hidden witch' });
    const players = (await core.campaigns.exportCombatLog(undefined, 'players')).markdown;
    expect(players).toContain('Bram was hurt (a fall).');
    expect(players).toContain('Bram was healed.');
    expect(players).not.toMatch(/witch|potion/);
    const gm = (await core.campaigns.exportCombatLog()).markdown;
    expect(gm).toContain('Bram took 5 Fatigue and 5 Body from a fall (told to the players) (Fatigue 53 → 48, Body 36 → 31).');
    expect(gm).toContain('Bram healed 3 Fatigue from a potion from the hidden witch (Fatigue 48 → 51, Body 31 → 31).');
  });
});

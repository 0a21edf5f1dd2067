import type { Page } from '@playwright/test';
import { expect, figureOnMap, hexOnScreen, mustCall } from './fixtures';
import { noSecrets, shoot, typeFaces, wheelClick } from './eveningSteps';
import { onBothMaps } from './sessionSteps';
import { playPhase, trackersAt } from './sessionTurns';

/** The three turns of the first-time GM's evening (evening.spec.ts), mouse only: drags, the attack dialog, the Magic tab. */

type Hex = { q: number; r: number };
type At = (dq: number, dr: number) => Hex;

/** One attack through the tracker's attack dialog: the option, the target picked from its list, faces typed and sent with the Enter button. */
async function attack(gmPage: Page, option: string, targetId: string, faces: string): Promise<void> {
  await gmPage.getByTestId(`option-${option}`).click();
  const box = gmPage.getByTestId('attack-flow');
  await expect(box).toBeVisible();
  const target = box.getByTestId('attack-target');
  if ((await target.inputValue()) !== targetId) await target.selectOption(targetId);
  await expect(box.getByTestId('preview-breakdown')).toBeVisible();
  await typeFaces(box, 'attack-entry', faces);
  await expect(box.getByTestId('attack-verdict')).toBeVisible();
}

/** Initiative with typed faces (party / bandits), the party chooses to move first, on to Renew spells. */
export async function initiative(gmPage: Page, playerPage: Page, turn: number, step: string): Promise<void> {
  await typeFaces(gmPage, 'initiative-entry', '5 / 2');
  await gmPage.getByTestId('move-first').click();
  await expect(gmPage.getByTestId('initiative-order')).toHaveText('Order: Party → Mill Bandits');
  await shoot(gmPage, playerPage, step);
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, turn, 'renewSpells');
}

/** From Renew spells through both movement phases to Actions; `movers` drag their tokens when due, the rest stand still. */
async function movement(gmPage: Page, playerPage: Page, turn: number, movers: Record<string, () => Promise<void>>, step: string): Promise<void> {
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, turn, 'initialMovement');
  await playPhase(gmPage, 'stand-still', movers);
  await shoot(gmPage, playerPage, step);
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, turn, 'finalMovement');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, turn, 'actions');
}

/**
 * A move dragged on the GM map: the gait (Walk unless told), the drag, turned with the wheel while in hand to
 * `facing` when given (as a VTT rotates a token under the hand), both maps agree.
 */
async function walk(gmPage: Page, playerPage: Page, id: string, from: Hex, to: Hex, facing?: number, gait = 'walk'): Promise<void> {
  await gmPage.getByTestId(`gait-${gait}`).click();
  const before = (await mustCall(gmPage, 'getGmView', {})).encounter.figures.find((f) => f.id === id)!.facing;
  const a = await hexOnScreen(gmPage, from);
  const b = await hexOnScreen(gmPage, to);
  await gmPage.mouse.move(a.x, a.y);
  await gmPage.mouse.down();
  await gmPage.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await gmPage.mouse.move(b.x, b.y, { steps: 4 });
  if (facing !== undefined) {
    for (let turns = (facing - before + 6) % 6, i = 1; i <= turns; i++) {
      await gmPage.mouse.wheel(0, 100);
      await expect(gmPage.getByTestId('drag-path')).toContainText(`facing ${(before + i) % 6}`);
    }
  }
  await gmPage.mouse.up();
  await onBothMaps(gmPage, playerPage, id, to);
  if (facing !== undefined)
    await expect.poll(async () => (await mustCall(gmPage, 'getGmView', {})).encounter.figures.find((f) => f.id === id)!.facing).toBe(facing);
}

/** Turn 1: Brute walks into Tomas's front and charges; Sneak slings Mira; Mira's pushed Light runs away, her anchor fails; Wren intervenes; Tomas is pushed back. */
export async function turnOne(gmPage: Page, playerPage: Page, at: At): Promise<void> {
  await movement(gmPage, playerPage, 1, { Brute: () => walk(gmPage, playerPage, 'brute', at(-1, 2), at(-2, 2), 3) }, '10-turn1-moved');
  const box = gmPage.getByTestId('attack-flow');
  const acted = await playPhase(gmPage, 'pass', {
    Brute: async () => {
      await attack(gmPage, 'b', 'tomas', '2 2 3 / 3 3');
      await expect(box.getByTestId('attack-verdict')).toContainText('Hit: rolled 7 on 3 dice');
      await expect(playerPage.getByTestId('player-latest')).toContainText('Brute struck at Tomas with broadsword: hit');
      await noSecrets(playerPage, /(Fatigue|Body) \d|protection|Hit: rolled/);
      await shoot(gmPage, playerPage, '11-turn1-charge');
      await box.getByTestId('attack-done').click();
    },
    Sneak: async () => {
      await attack(gmPage, 'f', 'mira', '2 2 2 / 5');
      await expect(box.getByTestId('attack-verdict')).toContainText('Hit: rolled 6 on 3 dice');
      await expect(playerPage.getByTestId('player-latest')).toContainText('Sneak struck at Mira with sling: hit');
      await shoot(gmPage, playerPage, '12-turn1-sling');
      await box.getByTestId('attack-done').click();
    },
    // Light pushed by 1, a typed natural 18 runs away (RULINGS S3); the anchor, 6 6 5 = 17 against WIS 13, fails (RULINGS S6).
    Mira: async () => {
      await gmPage.getByRole('tab', { name: 'Magic' }).click();
      const flow = gmPage.getByTestId('cast-flow');
      await expect(flow.getByTestId('cast-caster')).toHaveValue('mira');
      await flow.getByTestId('cast-spell').selectOption('passage-light');
      await flow.getByTestId('cast-push').fill('1');
      await typeFaces(flow, 'cast-dice', '6 6 6');
      await expect(flow.getByTestId('cast-result')).toContainText('runaway');
      const prompt = gmPage.getByTestId('anchor-prompt');
      await expect(prompt).toContainText('Mira is in runaway');
      await typeFaces(prompt, 'prompt-anchor-mira-dice', '6 6 5');
      await expect(prompt.getByTestId('prompt-anchor-result')).toContainText("Mira's anchor roll: 17 against 3d6 ≤ 13: failed");
      await expect(playerPage.getByTestId('player-latest')).toHaveText('Mira tried to cast a spell and failed.');
      await noSecrets(playerPage);
      await shoot(gmPage, playerPage, '13-turn1-pushed-spell-anchor');
    },
    // Wren, due, intervenes with typed faces: 2+2+3 = 7 against WIS 12 ends the runaway (RULINGS S7). The card is reached with the wheel.
    Wren: async () => {
      await gmPage.getByRole('tab', { name: 'Magic' }).click();
      const card = gmPage.getByTestId('runaway-mira');
      await wheelClick(gmPage, card.getByTestId('intervene-mira-dice-input'));
      await card.getByTestId('intervene-mira-dice-input').fill('2 2 3');
      await wheelClick(gmPage, card.getByTestId('intervene-mira-dice').getByRole('button', { name: 'Enter' }));
      await expect(gmPage.getByTestId('magic-result')).toContainText("Wren intervenes for Mira: 7 against 3d6 ≤ 12: success, Mira's runaway ends");
      await expect(gmPage.getByTestId('runaway-mira')).toHaveCount(0);
      await noSecrets(playerPage);
      await shoot(gmPage, playerPage, '14-turn1-intervention');
    },
  });
  expect(acted.indexOf('Mira')).toBeLessThan(acted.indexOf('Wren'));
  // The hidden witch's turn came and went: the projector never named who was due.
  expect(acted).toContain('Hedge Witch');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 1, 'forcedRetreat');
  const offer = gmPage.getByTestId('retreat-brute');
  await expect(offer).toContainText('Brute hit and took no hits');
  await offer.getByTestId('retreat-direction').selectOption({ index: 0 });
  await offer.getByTestId('retreat-push').click();
  await expect.poll(() => figureOnMap(gmPage, 'tomas')).not.toMatchObject(at(-3, 2));
  await expect(playerPage.getByTestId('player-latest')).toHaveText('Brute pushed Tomas back 1 hex.');
  await shoot(gmPage, playerPage, '15-turn1-retreat');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'initiative');
}

/** Turn 2: Mira walks a hex; Brute, engaged, strikes Tomas; the Cultist casts Light on himself (Tomas stands in his side hexes) and a party mage counters it, declared before the dice (RULINGS S8). */
export async function turnTwo(gmPage: Page, playerPage: Page, at: At): Promise<void> {
  await initiative(gmPage, playerPage, 2, '16-turn2-initiative');
  await movement(gmPage, playerPage, 2, { Mira: () => walk(gmPage, playerPage, 'mira', at(-3, 0), at(-4, 0)) }, '17-turn2-moved');
  const box = gmPage.getByTestId('attack-flow');
  await playPhase(gmPage, 'pass', {
    // Tomas was pushed back but Brute stands at his side, engaged: the broadsword strikes again (option j).
    Brute: async () => {
      await attack(gmPage, 'j', 'tomas', '1 1 2 / 2 2');
      await expect(box.getByTestId('attack-verdict')).toContainText('Hit');
      await expect(playerPage.getByTestId('player-latest')).toContainText('Brute struck at Tomas with broadsword: hit');
      await noSecrets(playerPage, /(Fatigue|Body) \d|protection|Hit: rolled/);
      await shoot(gmPage, playerPage, '18-turn2-engaged-attack');
      await box.getByTestId('attack-done').click();
    },
    Cultist: async () => {
      await gmPage.getByRole('tab', { name: 'Magic' }).click();
      const flow = gmPage.getByTestId('cast-flow');
      // The form keeps the last caster (Mira) when another mage is due: the GM picks the Cultist.
      await flow.getByTestId('cast-caster').selectOption('cultist');
      await flow.getByTestId('cast-spell').selectOption('passage-light');
      await flow.getByTestId('cast-target').selectOption('cultist');
      const defender = flow.getByTestId('cast-counter-defender');
      await wheelClick(gmPage, defender);
      await defender.selectOption({ index: 1 });
      await flow.getByTestId('cast-counter-mana').fill('2');
      await expect(flow.getByTestId('cast-dice')).toContainText('counter: caster 3d6 / defender 3d6');
      await shoot(gmPage, playerPage, '19-turn2-counter-declared');
      // Casting 2+2+2 succeeds; the caster's contest 6+6+5 fails, the defender's 1+1+2 holds: countered.
      await flow.getByTestId('cast-dice-input').fill('2 2 2 6 6 5 1 1 2');
      await wheelClick(gmPage, flow.getByTestId('cast-dice').getByRole('button', { name: 'Enter' }));
      await expect(flow.getByTestId('cast-outcome')).toHaveText('countered');
      await expect(playerPage.getByTestId('player-latest')).toContainText('countered');
      await noSecrets(playerPage);
      await shoot(gmPage, playerPage, '20-turn2-countered');
    },
  });
  await endTurn(gmPage, playerPage, 2);
}

/** Forced retreat, then the end of the turn: every offered push declined with its button (RULINGS H3). */
async function endTurn(gmPage: Page, playerPage: Page, turn: number): Promise<void> {
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, turn, 'forcedRetreat');
  const decline = gmPage.locator('[data-testid^="retreat-"]').getByRole('button', { name: 'Decline' });
  for (let left = await decline.count(); left > 0; left--) {
    await decline.first().click();
    await expect(decline).toHaveCount(left - 1);
  }
  await expect(gmPage.getByTestId('next-phase')).toHaveText(`End turn ${turn}`);
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, turn + 1, 'initiative');
}

/** Where main holds a figure (read for asserts only). */
export async function positionOf(gmPage: Page, id: string): Promise<Hex> {
  return (await mustCall(gmPage, 'getGmView', {})).encounter.figures.find((f) => f.id === id)!.position!;
}

/**
 * Turn 3: Suggest asked for the first bandit due and dismissed; Mira walks a hex by drag, then the
 * toolbar's Undo puts her back on both pages and she stands still; Sneak slings Mira again.
 */
export async function turnThree(gmPage: Page, playerPage: Page, at: At): Promise<void> {
  await initiative(gmPage, playerPage, 3, '22-turn3-initiative');
  const mira = await positionOf(gmPage, 'mira');
  const undo = gmPage.getByRole('button', { name: 'Undo', exact: true }).first();
  let undone = false;
  const suggested = { done: false };
  const askSuggest = async () => {
    if (suggested.done) return gmPage.getByTestId('stand-still').click();
    suggested.done = true;
    await gmPage.getByTestId('suggest').click();
    await expect(gmPage.getByTestId('suggestion-reason')).toBeVisible();
    await shoot(gmPage, playerPage, '24-turn3-suggest');
    await gmPage.getByTestId('suggestion-dismiss').click();
    await expect(gmPage.getByTestId('suggestion')).toHaveCount(0);
    await gmPage.getByTestId('stand-still').click();
  };
  await movement(
    gmPage,
    playerPage,
    3,
    {
      Mira: async () => {
        if (undone) return gmPage.getByTestId('stand-still').click();
        await walk(gmPage, playerPage, 'mira', mira, at(-5, 0));
        await shoot(gmPage, playerPage, '23-turn3-before-undo');
        undone = true;
        await undo.click();
        await onBothMaps(gmPage, playerPage, 'mira', mira);
        await expect(gmPage.getByTestId('due-name')).toHaveText('Mira');
        await gmPage.getByTestId('stand-still').click();
      },
      Brute: askSuggest,
      Sneak: askSuggest,
    },
    '25-turn3-moved',
  );
  expect(undone).toBe(true);
  expect(suggested.done).toBe(true);
  const box = gmPage.getByTestId('attack-flow');
  await playPhase(gmPage, 'pass', {
    Sneak: async () => {
      await attack(gmPage, 'f', 'mira', '1 1 2 / 2');
      await expect(playerPage.getByTestId('player-latest')).toContainText('Sneak struck at Mira with sling: hit');
      await shoot(gmPage, playerPage, '26-turn3-sling');
      await box.getByTestId('attack-done').click();
    },
  });
  await endTurn(gmPage, playerPage, 3);
  await noSecrets(playerPage);
}

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, mustCall } from './fixtures';

/** Turn steps of the whole-session spec (wholeSession.spec.ts): the tracker, attacks and files, through the GM page's UI. */

const LABELS = {
  initiative: 'Initiative',
  renewSpells: 'Renew spells',
  initialMovement: 'Initial movement',
  finalMovement: 'Final movement',
  actions: 'Actions',
  forcedRetreat: 'Forced retreat',
} as const;

/** Both trackers at one turn and phase: the GM's turn number and current step, the projector's status line. */
export async function trackersAt(gmPage: Page, playerPage: Page, turn: number, phase: keyof typeof LABELS): Promise<void> {
  await expect(gmPage.getByTestId('turn')).toHaveText(String(turn));
  await expect(gmPage.getByTestId('phase-stepper').locator('[aria-current="step"]')).toHaveAttribute('data-phase', phase);
  await expect(playerPage.getByTestId('player-status')).toContainText(`Turn ${turn} · ${LABELS[phase]}`);
}

/** In a movement phase, every figure due stands still in turn (each click waits for the next one due). */
export async function standStillAll(gmPage: Page, figures: number): Promise<void> {
  for (let i = 0; i < figures; i++) {
    const due = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    if (i < figures - 1) await expect(gmPage.getByTestId('due-name')).not.toHaveText(due);
  }
}

/**
 * A movement or Actions phase driven by who is due (the order and its tie roll-offs are main's,
 * RULINGS T4, T5): the figure named in `turns` takes its turn there, anyone else stands still
 * (movement) or passes (Actions); each step waits for main's next figure due. Ends when nobody
 * is due; returns the order they came in.
 */
export async function playPhase(gmPage: Page, otherwise: 'stand-still' | 'pass', turns: Record<string, () => Promise<void>> = {}): Promise<string[]> {
  const order: string[] = [];
  for (let i = 0; i < 20 && (await gmPage.getByTestId('due-figure').count()) > 0; i++) {
    const due = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    order.push(due);
    const own = turns[due];
    if (own) await own();
    else await gmPage.getByTestId(otherwise).click();
    // allTextContents never waits: the card may go between two reads once the last figure has acted.
    await expect.poll(async () => (await gmPage.getByTestId('due-name').allTextContents())[0] ?? null).not.toBe(due);
  }
  await expect(gmPage.getByTestId('due-figure')).toHaveCount(0);
  return order;
}

export interface AttackStep {
  /** The action option chosen for the figure due (001 §Action Options: b charge, f missile, j engaged). */
  option: string;
  targetId: string;
  /** Faces typed at the table: the to-hit roll, then the damage (RULINGS G3). */
  faces: string;
  /** The preview the GM sees before the roll: adjDEX and damage dice. */
  adjDex: string;
  damage: string;
}

/**
 * One attack through the tracker's attack flow: the option, the target, the preview with its
 * breakdown, the typed faces, the verdict and the pools after, on the GM page.
 */
export async function attack(gmPage: Page, step: AttackStep): Promise<void> {
  await gmPage.getByTestId(`option-${step.option}`).click();
  const box = gmPage.getByTestId('attack-flow');
  await expect(box).toBeVisible();
  await box.getByTestId('attack-target').selectOption(step.targetId);
  await expect(box.getByTestId('preview-adjdex')).toHaveText(step.adjDex);
  await expect(box.getByTestId('preview-dice')).toHaveText('3d6');
  await expect(box.getByTestId('preview-damage')).toHaveText(step.damage);
  await expect(box.getByTestId('preview-breakdown')).toBeVisible();
  await box.getByTestId('attack-entry-input').fill(step.faces);
  await box.getByTestId('attack-entry-input').press('Enter');
  await expect(box.getByTestId('attack-verdict')).toBeVisible();
}

/** A figure's Fatigue and Body as main holds them (read over the socket, for asserts only). */
export async function poolsOf(page: Page, id: string): Promise<[number, number]> {
  const f = (await mustCall(page, 'getGmView', {})).encounter.figures.find((x) => x.id === id)!;
  return [f.fatigue.current, f.body.current];
}

/** The text a page's download button saves, and the file name it suggests. */
export async function downloadText(page: Page, testid: string): Promise<{ name: string; text: string }> {
  const waiting = page.waitForEvent('download');
  await page.getByTestId(testid).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

/** Every file under a folder with its SHA-256, to show a campaign folder was left untouched. */
export async function folderDigest(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return out;
}

import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, tokenKey } from './fixtures';

/** Steps the setting-up specs share (encounterSetup, setupLeftovers): the campaign screen, the phase, tokens. */
export const SCREENS = 'test-results/screens';

export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/${name}-1366x768.png` });
}

export async function openMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('campaign-menu').click();
  await page.getByTestId(item).click();
  await expect(page.getByTestId('campaign-screen')).toBeVisible();
}

/** A fresh campaign with its blank first encounter on both pages. */
export async function newCampaign(gmPage: Page, playerPage: Page, name: string): Promise<void> {
  await openMenu(gmPage, 'menu-campaigns');
  await gmPage.getByTestId('new-campaign-name').fill(name);
  await gmPage.getByTestId('new-campaign-create').click();
  await expect(gmPage.getByTestId('encounter-list')).toBeVisible();
  await gmPage.getByTestId('campaign-close').click();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('First encounter');
  await expect(playerPage.getByTestId('player-status')).toContainText('First encounter');
}

export const stepNow = (page: Page) => page.getByTestId('phase-stepper').locator('[aria-current="step"]');

/** The letters on a figure's token, as a page's battlemap draws them. */
export async function initials(page: Page, id: string): Promise<string | null> {
  return page.evaluate(
    (key) => {
      const map = window.__battleMap;
      const node =
        key.name === null
          ? map?.stage.findOne<Konva.Group>(`#${key.id}`)
          : map?.stage.findOne<Konva.Group>(
              (n: Konva.Node) =>
                n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne<Konva.Text>('.name')?.text().split(' · ')[0] === key.name,
            );
      return node ? node.findOne<Konva.Text>('.initials')!.text() : null;
    },
    await tokenKey(page, id),
  );
}

// Menu navigation for the browser specs, in one place. The sidebar (主菜单) opens an area with a collapse
// animation and may render again while the session settles (menus, the 待办 count): a click in between meets
// an element that moves ("not stable"), is covered by the drawer's body ("intercepts pointer events") or is
// replaced ("detached"). So each step waits for the menu to stand still, opens the area only when it is
// closed (read from aria-expanded, never toggled blindly), and the whole move is tried again on such a miss.
import type { Locator, Page } from 'playwright-core';

const MENU_MS = 30_000;
const STEP_MS = 5_000;

/** The sidebar, 主菜单. */
export const mainMenu = (page: Page): Locator => page.getByRole('navigation', { name: '主菜单' });

/** Waits until the menu is shown and none of its animations (an area opening or closing) is running. */
export async function menuSettled(page: Page): Promise<void> {
  const nav = mainMenu(page);
  await nav.waitFor();
  await nav.evaluate(async (el) => {
    for (;;) {
      const running = el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running');
      if (!running.length) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Opens `area` in 主菜单 when it is closed (and leaves it open when it is). */
export async function openMenuArea(page: Page, area: string): Promise<void> {
  await retryMenuMove(async () => {
    await menuSettled(page);
    const category = mainMenu(page).getByRole('button', { name: area, exact: true });
    if ((await category.getAttribute('aria-expanded', { timeout: STEP_MS })) !== 'true') {
      await category.click({ timeout: STEP_MS });
    }
    await menuSettled(page);
  });
}

/** A move in the menu, tried again while a step misses an element the menu moved or replaced. */
async function retryMenuMove(move: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + MENU_MS;
  for (;;) {
    try {
      await move();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * Opens `area` in 主菜单 when it is closed, then clicks its entry `item` (or the top-level entry `item` when no
 * area is given). The caller waits for what the page shows next.
 */
export async function openMenuItem(page: Page, area: string | undefined, item: string | RegExp): Promise<void> {
  const link = mainMenu(page).getByText(item, { exact: true });
  await retryMenuMove(async () => {
    if (area) await openMenuArea(page, area);
    await link.waitFor({ timeout: STEP_MS });
    await menuSettled(page);
    await link.click({ timeout: STEP_MS });
  });
}

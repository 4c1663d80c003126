import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * How many distinct colours the middle of a map's canvas shows (the screenshot decoded by the browser itself): a
 * blank or failed canvas is one flat colour, drawn areas and points are many.
 */
async function coloursDrawn(page: Page, canvas: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const board = document.createElement('canvas');
    board.width = image.width;
    board.height = image.height;
    const context = board.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    // The middle, away from the attribution and controls drawn over the map's edges.
    const x = Math.floor(image.width / 4);
    const y = Math.floor(image.height / 4);
    const { data } = context.getImageData(x, y, Math.floor(image.width / 2), Math.floor(image.height / 2));
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4)
      colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
    return colours.size;
  }, canvas.toString('base64'));
}

/**
 * Waits for the map in `section` to be drawn, checks its canvas is not blank and its attributions are there, and
 * saves the section as `<name>.png` beside the journeys' other screenshots. Answers the canvas's picture.
 */
export async function expectDrawnMap(page: Page, section: Locator, name: string): Promise<Buffer> {
  await section.locator('[data-map-ready="true"]').waitFor();
  expect(await page.getByText('The map cannot be shown in this browser').count()).toBe(0);
  await section
    .getByText(/Contains OS data © Crown copyright/)
    .first()
    .waitFor();
  const canvas = await section.locator('canvas').first().screenshot();
  expect(await coloursDrawn(page, canvas)).toBeGreaterThan(20);
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await section.screenshot({ path: `${folder}/${name}.png` });
  return canvas;
}

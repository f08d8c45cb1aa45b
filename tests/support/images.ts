// Checks on a page's pictures, shared by the page suites.
import { expect, type Locator } from '@playwright/test';

/**
 * Scrolls every image of `scope` into view and checks that each one loaded (no broken image), in the page: a few round
 * trips for all images (six per image came near 30 s on a loaded machine).
 */
export async function expectImagesLoaded(scope: Locator): Promise<void> {
  await scope.evaluate(async (element) => {
    for (const image of element.querySelectorAll('img')) {
      image.scrollIntoView({ block: 'center' });
      // a frame for the lazy-loading check to see it near the viewport
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  const notLoaded = () =>
    scope.evaluate((element) =>
      [...element.querySelectorAll('img')]
        .filter((image) => !(image.complete && image.naturalWidth > 0))
        .map((image) => image.getAttribute('src')),
    );
  await expect.poll(notLoaded, { message: 'images not loaded' }).toEqual([]);
}

/** Every image of `scope` has alt text (empty for decoration) and a width and height (no layout shift). */
export async function expectImagesDescribed(scope: Locator): Promise<void> {
  const images = await scope.evaluate((element) =>
    [...element.querySelectorAll('img')].map((image) => ({
      src: image.getAttribute('src') ?? '',
      alt: image.getAttribute('alt'),
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
    })),
  );
  expect(images.length).toBeGreaterThan(0);
  for (const { src, alt, width, height } of images) {
    expect(alt, src).not.toBeNull();
    expect(width, src).toBeTruthy();
    expect(height, src).toBeTruthy();
  }
}

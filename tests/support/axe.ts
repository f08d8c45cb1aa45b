// axe (WCAG 2.2 AA and best practices) on a page as a visitor has it, one helper for every spec that runs it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 AA plus best practices; without the wcag22aa tag the target-size rule does not run. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe's violations on the page as it is (or in the element `include` selects), one readable line each: rule, impact
 * and the first offending nodes.
 */
export async function axeViolations(page: Page, { include }: { include?: string } = {}): Promise<string[]> {
  // Colours are judged as painted: let fade-ins and transitions finish, or a card caught half-transparent fails contrast.
  // Not a looping one (a spinner still turning on a slow machine): it never finishes, the test would wait out its limit.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // The same rules in one axe.run inside the page (legacy mode): the default runs each frame apart and gathers the
  // results in a new blank page, which took 2.5 times as long (16 s against 6 s for /contact-us on a loaded machine).
  // Only violations are asked for in full: the passes' and incomplete checks' node lists are not gathered (6 % less time).
  const builder = new AxeBuilder({ page });
  if (include !== undefined) builder.include(include);
  const result = await builder
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

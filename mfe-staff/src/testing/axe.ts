// axe-core over the rendered page, for the staff screens' component tests. jsdom lays nothing out, so colour contrast
// cannot be measured here (the browser journeys check it); every other rule runs.
import axe from 'axe-core';

/** Each violation as `rule: the offending elements`; empty when axe finds nothing. */
export async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

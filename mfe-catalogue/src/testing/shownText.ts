/**
 * The text a sighted visitor reads in an element: its text without the visually hidden spans (shared-ui's
 * VisuallyHidden, e.g. the product name inside a card's "Add to quote" button, there for screen readers only).
 */
export function shownText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('span')) hidden.remove();
  return copy.textContent ?? '';
}

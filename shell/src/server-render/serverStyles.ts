// The server's styles, in a form styled-components in the browser takes over without copying them.
//
// ServerStyleSheet writes one <style data-styled> holding each component's rules followed by a marker line
// (`data-styled.g7[id="sc-b1fdeb62-0"]{content:"XRAGI,"}`: this component's class names). At start the browser's
// styled-components reads that element, copies every rule into a style sheet of its own, and removes the server's.
// Swapping the page's whole style sheet after the first paint made the browser recalculate the style of every element
// (the global rules, `*` and `body`, match them all): an 8-33 ms task unthrottled, 30-150 ms at Lighthouse's 4x CPU
// (2026-11-26). Split in two, the rules stay in a plain <style> the browser never touches again, and the element
// styled-components reads holds the markers only: it learns the names (so hydration inserts nothing it already has),
// copies nothing, and what it adds later (components drawn in the browser only) goes into its own sheet after them.
// That element is not a style sheet (its type is not CSS): styled-components reads its text, but the browser would
// otherwise parse each marker as a rule that matches nothing, one per component drawn (53 of a listing's 196 rules,
// 2026-11-28).

/** styled-components' separator after each rule and marker in the server's element (its SPLITTER). */
const SPLITTER = '/*!sc*/\n';

/** A marker line: a component's group, id and class names (styled-components' rehydration reads these). */
const MARKER = /^data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}$/;

/** One <style> element as ServerStyleSheet.getStyleTags() writes it. */
const STYLE_ELEMENT = /<style ([^>]*)>([\s\S]*?)<\/style>/g;

/** Marks the server's rules (no styled-components attribute, so it leaves the element alone). */
export const SERVER_RULES_ATTRIBUTE = 'data-server-styles';

/** The markers' element's type: not text/css, so the browser makes no style sheet of it (styled-components reads its text). */
export const MARKERS_TYPE = 'text/x-styled-components-names';

/** `getStyleTags()`'s elements, each as a plain <style> with its rules and the styled-components element with its markers (not CSS). */
export function splitServerStyles(styleTags: string): string {
  return styleTags.replace(STYLE_ELEMENT, (_element, attributes: string, css: string) => {
    const rules: string[] = [];
    const markers: string[] = [];
    for (const part of css.split(SPLITTER)) {
      const line = part.trim();
      if (line === '') continue;
      (MARKER.test(line) ? markers : rules).push(line);
    }
    return `<style ${SERVER_RULES_ATTRIBUTE}>${rules.join('\n')}</style><style ${attributes} type="${MARKERS_TYPE}">${markers.map((marker) => marker + SPLITTER).join('')}</style>`;
  });
}

// The server's styles split for the browser (serverStyles.ts): the rules in a plain <style>, the names in the element
// styled-components reads. That the browser then copies none of them: tests/specs/start-up-work.spec.ts.
import { renderToString } from 'react-dom/server';
import styled, { ServerStyleSheet } from 'styled-components';
import { GlobalStyle, ThemeRoot } from '@site/shared-ui';
import { MARKERS_TYPE, SERVER_RULES_ATTRIBUTE, splitServerStyles } from './serverStyles';

/** What the server writes in the head for a page with the site's global style and one styled component. */
function serverHead(): string {
  const Notice = styled.p`color: rgb(0, 60, 117); margin: 0;`;
  const sheet = new ServerStyleSheet();
  try {
    renderToString(
      sheet.collectStyles(
        <ThemeRoot>
          <GlobalStyle />
          <Notice>Hello</Notice>
        </ThemeRoot>,
      ),
    );
    return splitServerStyles(sheet.getStyleTags());
  } finally {
    sheet.seal();
  }
}

describe('the server’s styles', () => {
  it('puts the rules in a plain <style> and only the class names in the one styled-components reads', () => {
    const head = serverHead();
    const holder = document.createElement('div');
    holder.innerHTML = head;
    const [rules, names] = [...holder.querySelectorAll('style')];
    expect(rules!.hasAttribute(SERVER_RULES_ATTRIBUTE)).toBe(true);
    expect(rules!.textContent).toContain('box-sizing:border-box');
    expect(rules!.textContent).toContain('color:rgb(0, 60, 117)');
    expect(rules!.textContent).not.toContain('data-styled.g');
    expect(names!.getAttribute('data-styled')).toBe('true');
    expect(names!.textContent).toMatch(/^(data-styled\.g\d+\[id="[^"]+"\]\{content:"[^"]*"\}\/\*!sc\*\/\n)+$/);
  });

  it('gives the browser no style sheet of the names: only the rules are parsed as CSS', () => {
    document.head.innerHTML = serverHead();
    const [rules, names] = [...document.head.querySelectorAll('style')];
    expect(rules!.sheet?.cssRules.length).toBeGreaterThan(0);
    expect(names!.sheet).toBeNull();
    expect(document.styleSheets).toHaveLength(1);
    document.head.innerHTML = '';
  });

  it('splits each element, whatever it holds, and leaves the rest of the head as it was', () => {
    expect(splitServerStyles('')).toBe('');
    expect(
      splitServerStyles('<link rel="preload" href="/a.svg"><style data-styled="true">.a{color:red}/*!sc*/\n</style>'),
    ).toBe(
      `<link rel="preload" href="/a.svg"><style ${SERVER_RULES_ATTRIBUTE}>.a{color:red}</style><style data-styled="true" type="${MARKERS_TYPE}"></style>`,
    );
  });
});

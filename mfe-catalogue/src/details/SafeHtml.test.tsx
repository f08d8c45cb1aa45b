// SafeHtml on a server-drawn page: hydrating, it keeps what the server wrote (sanitised there, in the page before any
// script ran) without sanitising it again or loading the sanitizer; any other fragment it is given later is sanitised
// before it is written, once the sanitizer's chunk has loaded.
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import DOMPurify from 'dompurify';
import { SafeHtml } from './SafeHtml';
import { loadedSanitizer, loadRichTextSanitizer } from './richTextSanitizer';

const FIRST = '<p>Brass gland for <strong>SWA</strong> cable.</p>';
const NEXT =
  '<p onclick="window.hacked = true">Next product</p><img src="x" onerror="window.hacked = true"><script>window.hacked = true</script>';

describe('SafeHtml on a server-drawn page', () => {
  let container: HTMLDivElement;
  let root: Root | undefined;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    delete (window as { hacked?: boolean }).hacked;
  });

  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
    jest.restoreAllMocks();
  });

  // first: the sanitizer's chunk is not loaded yet (module state)
  it('draws a fragment in the browser once the sanitizer has loaded, never unsanitised', async () => {
    expect(loadedSanitizer()).toBeUndefined();
    const { createRoot } = await import('react-dom/client');
    act(() => {
      root = createRoot(container);
      root.render(<SafeHtml html={NEXT} />);
    });
    expect(container.textContent).toBe('');
    await act(() => loadRichTextSanitizer());
    expect(container.textContent).toBe('Next product');
    expect(container.querySelector('[onclick], [onerror], script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('hydrates the fragment the server wrote without sanitising it again, then sanitises the next one', async () => {
    // the server draws once it has loaded the sanitizer (the product page's first view)
    await loadRichTextSanitizer();
    container.innerHTML = renderToString(<SafeHtml html={FIRST} />);
    const serverParagraph = container.querySelector('p');
    const sanitize = jest.spyOn(DOMPurify, 'sanitize');

    await act(async () => {
      root = hydrateRoot(container, <SafeHtml html={FIRST} />);
    });
    expect(sanitize).not.toHaveBeenCalled();
    expect(container.querySelector('p')).toBe(serverParagraph);
    expect(container.textContent).toBe('Brass gland for SWA cable.');

    // the same element given another fragment (the next product's, a draft's): sanitised, not the server's kept
    await act(async () => root!.render(<SafeHtml html={NEXT} />));
    expect(sanitize).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('Next product');
    expect(container.querySelector('[onclick], [onerror], script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    // and back to the first: the server's cleaned fragment again
    await act(async () => root!.render(<SafeHtml html={FIRST} />));
    expect(container.textContent).toBe('Brass gland for SWA cable.');
  });

  it('sanitises a fragment it draws in the browser', async () => {
    const sanitize = jest.spyOn(DOMPurify, 'sanitize');
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      root = createRoot(container);
      root.render(<SafeHtml html={NEXT} />);
    });
    expect(sanitize).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('Next product');
    expect(container.querySelector('[onclick], [onerror], script')).toBeNull();
  });
});

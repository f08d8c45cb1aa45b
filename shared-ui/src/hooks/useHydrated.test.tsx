// useHydrated as a page meets it: false in the server's HTML and while the browser takes that HTML over, true in a
// component the browser draws itself, and true after hydration without the page's server HTML giving way to a
// loading state on the way.
import { act, lazy, Suspense, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useHydrated } from './useHydrated';
import { useMediaQuery } from './useMediaQuery';

function Probe() {
  return <p>{useHydrated() ? 'browser' : 'server'}</p>;
}

async function hydrated(tree: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  const errors: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
  const root = await act(async () =>
    hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) }),
  );
  consoleError.mockRestore();
  return { container, errors, unmount: () => act(() => root.unmount()) };
}

describe('useHydrated', () => {
  it('is false in the server HTML', () => {
    expect(renderToString(<Probe />)).toBe('<p>server</p>');
  });

  it('is true from the first render of a component the browser draws', async () => {
    const container = document.createElement('div');
    const seen: boolean[] = [];
    function Recording() {
      seen.push(useHydrated());
      return null;
    }
    const root = createRoot(container);
    await act(async () => root.render(<Recording />));
    expect(seen).toEqual([true]);
    act(() => root.unmount());
  });

  it('hydrates the server HTML as drawn, without a mismatch, then turns true', async () => {
    const { container, errors, unmount } = await hydrated(<Probe />);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('browser');
    unmount();
  });

  it("keeps the server's HTML on screen while what the browser draws after hydration is still loading", async () => {
    let load!: (module: { default: () => ReactElement }) => void;
    const BrowserOnly = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (load = resolve)));
    function Part() {
      return useHydrated() ? <BrowserOnly /> : <p>as the server drew it</p>;
    }
    const tree = (
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>
    );
    const { container, errors, unmount } = await hydrated(tree);
    expect(errors).toEqual([]);
    // A forced (synchronous) re-render would put the fallback in place of the server's part here.
    expect(container.textContent).toBe('as the server drew it');
    await act(async () => load({ default: () => <p>drawn in the browser</p> }));
    expect(container.textContent).toBe('drawn in the browser');
    unmount();
  });
});

describe('useMediaQuery', () => {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  function Wide() {
    return <p>{useMediaQuery('(min-width: 1025px)') ? 'wide' : 'narrow'}</p>;
  }

  it('is false in the server HTML, hydrates it as drawn, then reads the screen', async () => {
    expect(renderToString(<Wide />)).toBe('<p>narrow</p>');
    const { container, errors, unmount } = await hydrated(<Wide />);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('wide');
    unmount();
  });

  it('reads the screen from the first render of a component the browser draws', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Wide />));
    expect(container.textContent).toBe('wide');
    act(() => root.unmount());
  });
});

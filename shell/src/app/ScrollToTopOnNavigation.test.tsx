import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useNavigate } from 'react-router-dom';
import { ScrollToTopOnNavigation } from './ScrollToTopOnNavigation';
import { ScrollPositions } from './scrollPositions';

/** Links to the pages of the cases, and the browser's back button. */
function Controls() {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/our-products/cables?sort=name">Sort by name</Link>
      <Link to="/our-products/cables/cable-1">Cable 1</Link>
      <Link to="/compare">Compare</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}
const click = (name: string) => fireEvent.click(screen.getByRole(name === 'Back' ? 'button' : 'link', { name }));

/** The window scrolled to `y` by the visitor: scrollY and the scroll event the browser sends. */
function visitorScrollsTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollToTopOnNavigation', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    window.sessionStorage.clear();
    visitorScrollsTo(0);
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/our-products/cables']}>
        <ScrollToTopOnNavigation />
        <Controls />
      </MemoryRouter>,
    );
  });
  afterEach(() => scrollTo.mockRestore());

  it('opens another page at its top (PUSH), and leaves a change of the query alone to the page', () => {
    visitorScrollsTo(1800);
    click('Sort by name');
    expect(scrollTo).not.toHaveBeenCalled();
    click('Compare');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('puts the page back where the visitor left it on back (POP), and keeps that across a reload of the tab', () => {
    visitorScrollsTo(1200);
    click('Cable 1');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    visitorScrollsTo(0);
    click('Back');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
    // Saved for the tab: a page load after this one finds the position.
    expect(Object.values(JSON.parse(window.sessionStorage.getItem('site:scroll-positions') ?? '{}'))).toContain(1200);
  });
});

describe('ScrollPositions', () => {
  it('keeps the newest 100 entries and survives unreadable storage', () => {
    const positions = new ScrollPositions(window.sessionStorage);
    for (let index = 0; index < 101; index += 1) positions.set(`key${index}`, index);
    positions.save();
    const reloaded = new ScrollPositions(window.sessionStorage);
    expect(reloaded.get('key0')).toBeUndefined();
    expect(reloaded.get('key100')).toBe(100);
    expect(new ScrollPositions({ getItem: () => 'not json', setItem: () => undefined }).get('key1')).toBeUndefined();
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useNavigate } from 'react-router-dom';
import { ScrollToTopOnNavigation } from './ScrollToTopOnNavigation';

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

  it('puts the page back where the visitor left it on back (POP)', () => {
    visitorScrollsTo(1200);
    click('Cable 1');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    visitorScrollsTo(0);
    click('Back');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
  });

  it("hands a reload or a return from another site to the browser's own restoration as the page is left", () => {
    expect(window.history.scrollRestoration).toBe('manual');
    window.dispatchEvent(new Event('pagehide'));
    expect(window.history.scrollRestoration).toBe('auto');
  });
});

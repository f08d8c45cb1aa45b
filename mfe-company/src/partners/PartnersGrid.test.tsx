import { act, screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { home } from '@site/content';
import { PARTNER_LOGOS_MARGIN, PartnersGrid } from './PartnersGrid';

type ObserverCallback = (entries: { isIntersecting: boolean }[]) => void;

describe('PartnersGrid', () => {
  let observed: { callback: ObserverCallback; options?: IntersectionObserverInit }[] = [];
  const original = window.IntersectionObserver;

  beforeEach(() => {
    observed = [];
    window.IntersectionObserver = class {
      constructor(callback: ObserverCallback, options?: IntersectionObserverInit) {
        observed.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    window.IntersectionObserver = original;
  });

  it('names every brand at once and asks for no logo until the list comes near the viewport', () => {
    renderInSite(<PartnersGrid partners={home.partners.items} label="Partner brands" />);
    const list = screen.getByRole('list', { name: 'Partner brands' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(home.partners.items.map((partner) => partner.name));
    expect(within(list).queryAllByRole('img')).toEqual([]);
    expect(list.querySelectorAll('img')).toHaveLength(0);
    const listObserver = observed.find((one) => one.options?.rootMargin === PARTNER_LOGOS_MARGIN);
    expect(listObserver).toBeDefined();

    act(() => listObserver!.callback([{ isIntersecting: true }]));
    const logos = within(list).getAllByRole('img');
    expect(logos.map((logo) => logo.getAttribute('alt'))).toEqual(home.partners.items.map((partner) => partner.alt));
    for (const logo of logos) expect(logo).toHaveAttribute('loading', 'lazy');
    expect(logos[0]!.getAttribute('src')).toMatch(/^\/images\/brands\/.+\.svg$/);
  });

  it('shows the logos at once where the browser cannot observe intersections', () => {
    // @ts-expect-error: a browser without IntersectionObserver
    delete window.IntersectionObserver;
    renderInSite(<PartnersGrid partners={home.partners.items} label="Partner brands" />);
    expect(within(screen.getByRole('list', { name: 'Partner brands' })).getAllByRole('img')).toHaveLength(home.partners.items.length);
  });
});

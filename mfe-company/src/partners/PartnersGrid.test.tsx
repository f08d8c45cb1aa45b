import { screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { home } from '@site/content';
import { mockIntersectionObserver } from '@site/shared-ui/testing';
import { PARTNER_LOGOS_MARGIN, PartnersGrid } from './PartnersGrid';

describe('PartnersGrid', () => {
  it('names every brand at once and asks for no logo until the list comes near the viewport', () => {
    const observers = mockIntersectionObserver();
    try {
      renderInSite(<PartnersGrid partners={home.partners.items} label="Partner brands" />);
      const list = screen.getByRole('list', { name: 'Partner brands' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(home.partners.items.map((partner) => partner.name));
      expect(list.querySelectorAll('img')).toHaveLength(0);
      expect(observers.rootMarginsOf(list)).toEqual([PARTNER_LOGOS_MARGIN]);

      observers.scrollIntoView(list);
      const logos = within(list).getAllByRole('img');
      expect(logos.map((logo) => logo.getAttribute('alt'))).toEqual(home.partners.items.map((partner) => partner.alt));
      for (const logo of logos) expect(logo).toHaveAttribute('loading', 'lazy');
      expect(logos[0]!.getAttribute('src')).toMatch(/^\/images\/brands\/.+\.svg$/);
    } finally {
      observers.restore();
    }
  });

  it('shows the logos at once where the browser cannot observe intersections', () => {
    // jsdom has no IntersectionObserver
    renderInSite(<PartnersGrid partners={home.partners.items} label="Partner brands" />);
    expect(within(screen.getByRole('list', { name: 'Partner brands' })).getAllByRole('img')).toHaveLength(
      home.partners.items.length,
    );
  });
});

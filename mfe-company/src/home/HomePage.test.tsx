import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { brandLogoPath, categoryImagePath, findCategory } from '@site/content';
import { setReducedMotion, useScrollAnimationMocks } from '@site/shared-ui/testing';
import { englishHomeStore } from '../testing/handlers';
import HomePage from './HomePage';

const TEASER = [
  'industrial_plugs_and_sockets',
  'cable_jointing_kit',
  'flexiblerigid_conduit_and_accessories',
  'Resin_Jointing_Kits',
];
const PARTNERS = [
  'PCE', '3M', 'Raychem', 'Barton', 'Oxford', 'MK', 'Legrand', 'Hex',
  'Breeze', 'Ashfield', 'Elite', 'MESC', 'Schneider', 'Marechal Electric', 'Hager', 'Simplex',
];
const COUNTERS = [
  ['1000+', 'Customers Served'],
  ['10+', 'Countries in Operation'],
  ['200+', 'Products Catalogue'],
  ['150+', 'Suppliers Across Globe'],
];

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

/** /home as the server draws it: the teaser's categories are in the first view's state (loading them: companyPages.ar.test.tsx). */
const renderHome = () => renderInSite(<HomePage />, { route: '/home', store: englishHomeStore() });

describe('HomePage', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    setReducedMotion(false);
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    scrollTo.mockRestore();
    jest.useRealTimers();
  });

  it('scrolls smoothly to the top when it opens', () => {
    renderHome();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('jumps to the top without animation for visitors who prefer reduced motion', () => {
    setReducedMotion(true);
    renderHome();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
  });

  it('has the page title as its one h1 and the four blocks in order', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Electrical Products & Industrial Solutions');
    const order = [
      screen.getByRole('region', { name: 'Highlights' }),
      screen.getByRole('heading', { level: 2, name: 'Our Products' }),
      screen.getByRole('heading', { level: 2, name: 'About Us' }),
      screen.getByRole('heading', { level: 2, name: 'Our Partners' }),
    ];
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('shows the Our Products teaser: View All Products and the four category cards', () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/our-products');
    const cards = within(screen.getByRole('list', { name: 'Featured product categories' })).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(TEASER.map((id) => `/our-products/${id}`));
    TEASER.forEach((id, i) => {
      const category = findCategory(id)!;
      expect(cards[i]).toHaveTextContent(category.title);
      const image = cards[i]!.querySelector('img')!;
      expect(image).toHaveAttribute('src', categoryImagePath(category.image));
      // At the first screen's edge: loaded with the page (an Arabic page's largest paint is the first card's picture).
      expect(image).not.toHaveAttribute('loading', 'lazy');
    });
  });

  it('a teaser card opens its category', () => {
    renderHome();
    fireEvent.click(screen.getByRole('link', { name: /Cable Jointing Kit/ }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/cable_jointing_kit');
  });

  it('shows the claims of the home page', () => {
    renderHome();
    const text = document.body.textContent ?? '';
    for (const claim of ['30+ years', 'since 1995', 'ISO 9001:2008', 'first electrical trading company in the UAE', '1,000+ customers', '10+ countries', '150+ global suppliers']) {
      expect(text).toContain(claim);
    }
  });

  it('shows the partners subtitle and 16 logo cards, lazily loaded, with a 0.1 s stagger', () => {
    renderHome();
    expect(screen.getByText('Authorized Distributors of Leading Global Brands')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Partner brands' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(PARTNERS);
    cards.forEach((card, i) => {
      expect(card).toHaveStyle({ transitionDelay: `${Math.round(i * 100) / 1000}s` });
      const logo = within(card).getByRole('img');
      expect(logo).toHaveAttribute('loading', 'lazy');
      expect(logo.getAttribute('src')).toMatch(/^\/images\/brands\/[a-z0-9-]+\.svg$/);
      expect(logo).toHaveAccessibleName(/logo$/);
    });
    expect(within(cards[13]!).getByRole('img')).toHaveAttribute('src', brandLogoPath('marechal'));
  });
});

describe('HomePage counters', () => {
  const observer = useScrollAnimationMocks();
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  const figures = () => within(screen.getByRole('list', { name: 'Our figures' })).getAllByRole('listitem');
  const digits = () => figures().map((item) => within(item).getByTestId('count-up-digits').textContent);

  it('count up over 5 s once scrolled into view, to 1000+, 10+, 200+ and 150+', () => {
    renderHome();
    expect(figures().map((item) => item.textContent)).toEqual(COUNTERS.map(([value, label]) => `${value}0+${label}`));
    advance(3000);
    expect(digits()).toEqual(['0+', '0+', '0+', '0+']);
    for (const item of figures()) observer().scrollIntoView(within(item).getByTestId('count-up-digits').parentElement!);
    advance(2500);
    const midway = digits().map((text) => Number.parseInt(text ?? '', 10));
    COUNTERS.forEach(([value], i) => expect(midway[i]).toBeLessThan(Number.parseInt(value!, 10)));
    advance(2600);
    expect(digits()).toEqual(COUNTERS.map(([value]) => value));
  });
});

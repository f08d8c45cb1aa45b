import { screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import ProjectsPage from './ProjectsPage';

const TITLES = [
  'Al Habtoor City',
  'Dubai Fountain Project',
  'Future Museum',
  'Jumeirah Park Villas',
  'Jumeirah Park Villas Phase 2',
  'Palm Jumeirah',
  'The Atlantis Royal',
];

describe('ProjectsPage', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('shows the seven project cards, each a sized picture with alt text and its title', () => {
    renderInSite(<ProjectsPage />, { route: '/our-projects' });
    expect(screen.getByRole('heading', { level: 1, name: 'Our Projects' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Projects' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(TITLES);
    cards.forEach((card, i) => {
      const picture = within(card).getByRole('img');
      expect(picture.getAttribute('alt')).toBeTruthy();
      expect(picture.getAttribute('src')).toMatch(/^\/images\/projects\/[a-z0-9-]+\.svg$/);
      expect(picture).toHaveAttribute('width', '400');
      expect(picture).toHaveAttribute('height', '300');
      expect(picture).toHaveAttribute('loading', i < 4 ? 'eager' : 'lazy');
    });
  });
});

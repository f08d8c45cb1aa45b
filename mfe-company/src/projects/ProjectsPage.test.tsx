// The projects page (/our-projects, /ar/our-projects): first its cards in each edition, with that edition's texts and
// data (the Arabic one loaded from /data/ar/…); then the English behaviour case.
import { screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { dataEdition } from '@site/content/arabic-edition';
import { expectNoEnglishText, loaded, renderEdition, setUpEditionPage } from '../testing/editionPage';
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

/** What each edition's projects page shows: the same page, its texts in the page's language. */
const EDITIONS = [
  { locale: 'en' as const, title: 'Our Projects', list: 'Projects', first: 'Al Habtoor City' },
  { locale: 'ar' as const, title: 'مشاريعنا', list: 'المشاريع', first: 'مدينة الحبتور' },
];

describe.each(EDITIONS)('ProjectsPage in each edition ($locale)', (edition) => {
  const { locale } = edition;
  setUpEditionPage();

  it("shows the seven projects with their titles and alt texts in the page's language", async () => {
    const projects = dataEdition(locale, 'projects.json');
    renderEdition(<ProjectsPage />, '/our-projects', locale);
    expect(screen.getByText(edition.title, { selector: 'h1' })).toBeInTheDocument();
    await loaded(locale);
    const cards = within(screen.getByLabelText(edition.list, { selector: 'ul' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(
      projects.map((project) => project.title),
    );
    expect(cards[0]).toHaveTextContent(edition.first);
    cards.forEach((card, i) => expect(within(card).getByRole('img')).toHaveAttribute('alt', projects[i]!.alt));
    if (locale === 'ar') expectNoEnglishText();
  });
});

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

// The management page (/management, /ar/management): first the team loaded in each edition, with that edition's texts
// and data (the Arabic one from /data/ar/our-team.json); then the English behaviour cases, the team answered by hand.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { teamImagePath } from '@site/content';
import { dataEdition } from '@site/content/arabic-edition';
import { localizedDataPath } from '@site/contracts/locale';
import team from '@site/content/data/our-team.json';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { requestsSent, server } from '@test/msw';
import { ourTeamAnsweredByHand } from '../testing/handlers';
import { expectNoEnglishText, renderEdition, serveEditions } from '../testing/editionPage';
import ManagementPage from './ManagementPage';
import { OUR_TEAM_PATH } from './ourTeamSlice';

const LOADING_TEXT = 'Loading our team...';
const LOAD_ERROR_TEXT = 'We could not load our team just now. Please check your connection and try again.';

/** What each edition's management page shows: the same page, its texts in the page's language. */
const EDITIONS = [
  {
    locale: 'en' as const,
    title: 'Management',
    loading: 'Loading our team...',
    team: 'Our team',
    loadError: 'We could not load our team just now. Please check your connection and try again.',
  },
  {
    locale: 'ar' as const,
    title: 'الإدارة',
    loading: 'جارٍ تحميل بيانات فريقنا...',
    team: 'فريقنا',
    loadError: 'تعذّر تحميل بيانات فريقنا حاليًا. يُرجى التحقق من الاتصال والمحاولة مرة أخرى.',
  },
];

describe.each(EDITIONS)('ManagementPage in each edition ($locale)', (edition) => {
  const { locale } = edition;
  const teamPath = localizedDataPath(locale, OUR_TEAM_PATH);
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    serveEditions();
    server.use(http.get(OUR_TEAM_PATH, () => HttpResponse.json(dataEdition('en', 'our-team.json'))));
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it("loads the edition's team, with the loading text in the page's language meanwhile", async () => {
    const editionTeam = dataEdition(locale, 'our-team.json');
    renderEdition(<ManagementPage />, '/management', locale);
    expect(screen.getByText(edition.title, { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByTestId('spinner').closest('[role="status"]')).toHaveTextContent(edition.loading);
    const list = await screen.findByLabelText(edition.team, { selector: 'ul' });
    expect(requestsSent()).toEqual([`GET ${teamPath}`]);
    const cards = within(list).getAllByRole('listitem');
    editionTeam.forEach((member, i) => {
      expect(within(cards[i]!).getByText(member.name, { selector: 'h2' })).toBeInTheDocument();
      expect(within(cards[i]!).getByText(member.position)).toBeInTheDocument();
      expect(within(cards[i]!).getByRole('img')).toHaveAttribute('alt', member.altTextForImg);
    });
    if (locale === 'ar') expectNoEnglishText();
  });

  it("says in the page's language that the team could not be loaded", async () => {
    server.use(http.get(teamPath, () => HttpResponse.json({}, { status: 500 })));
    renderEdition(<ManagementPage />, '/management', locale);
    await act(async () => undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent(edition.loadError);
  });
});

describe('ManagementPage', () => {
  let teamFile: ReturnType<typeof ourTeamAnsweredByHand>;
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    teamFile = ourTeamAnsweredByHand();
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  /** The loading state: the spinner (role status, with the text for screen readers) and the same text on screen. */
  const loadingShown = () =>
    screen.queryByTestId('spinner') !== null && screen.queryAllByText(LOADING_TEXT).length === 2;

  /** Answers the page's pending request and lets React settle. */
  const answer = (status: number, body: JsonBodyType) => act(async () => teamFile.answer(status, body));

  it("shows 'Loading our team...' until the team arrives, then a card per member", async () => {
    renderInSite(<ManagementPage />, { route: '/management' });
    expect(screen.getByRole('heading', { level: 1, name: 'Management' })).toBeInTheDocument();
    expect(loadingShown()).toBe(true);
    expect(requestsSent()).toEqual(['GET /data/our-team.json']);

    await answer(200, team);
    expect(loadingShown()).toBe(false);
    const cards = within(screen.getByRole('list', { name: 'Our team' })).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    team.forEach((member, i) => {
      const card = within(cards[i]!);
      expect(card.getByRole('heading', { level: 2, name: member.name })).toBeInTheDocument();
      expect(card.getByText(member.position)).toBeInTheDocument();
      expect(card.getByText(member.bio)).toBeInTheDocument();
      const portrait = card.getByRole('img', { name: member.altTextForImg });
      expect(portrait).toHaveAttribute('src', teamImagePath(member.image));
      expect(portrait).toHaveAttribute('width', '320');
      expect(portrait).toHaveAttribute('height', '320');
      expect(cards[i]).toHaveStyle({ transitionDelay: `${Math.round(i * 100) / 1000}s` });
    });
    expect(within(cards[4]!).getByRole('img')).toHaveAttribute('loading', 'lazy');
  });

  it('shows a clear message with a retry when the team cannot be loaded, and the retry loads it', async () => {
    renderInSite(<ManagementPage />, { route: '/management' });
    await answer(500, { error: 'Internal Server Error' });
    expect(loadingShown()).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent(LOAD_ERROR_TEXT);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loadingShown()).toBe(true);
    await answer(200, team);
    expect(within(screen.getByRole('list', { name: 'Our team' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('loads the team again each time the page opens, keeping the cards on screen meanwhile', async () => {
    const first = renderInSite(<ManagementPage />, { route: '/management' });
    await answer(200, team);
    first.unmount();
    renderInSite(<ManagementPage />, { route: '/management', store: first.store });
    expect(requestsSent()).toEqual(['GET /data/our-team.json', 'GET /data/our-team.json']);
    expect(loadingShown()).toBe(false);
    expect(within(screen.getByRole('list', { name: 'Our team' })).getAllByRole('listitem')).toHaveLength(5);
    await answer(200, team);
  });
});

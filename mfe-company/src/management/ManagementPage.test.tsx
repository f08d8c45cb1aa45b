import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { teamImagePath } from '@site/content';
import team from '@site/content/data/our-team.json';
import type { JsonBodyType } from 'msw';
import { requestsSent } from '@test/msw';
import { ourTeamAnsweredByHand } from '../testing/handlers';
import ManagementPage from './ManagementPage';

const LOADING_TEXT = 'Loading our team...';
const LOAD_ERROR_TEXT = 'We could not load our team just now. Please check your connection and try again.';

describe('ManagementPage', () => {
  let teamFile: ReturnType<typeof ourTeamAnsweredByHand>;
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    teamFile = ourTeamAnsweredByHand();
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  /** The loading state: the spinner (role status, with the text for screen readers) and the same text on screen. */
  const loadingShown = () => screen.queryByTestId('spinner') !== null && screen.queryAllByText(LOADING_TEXT).length === 2;

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

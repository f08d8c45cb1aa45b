import { screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { company } from '@site/content';
import CareersPage from './CareersPage';

describe('CareersPage', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('advertises the Sales Head of the new Oil & Gas Division with its experience and four responsibilities', () => {
    renderInSite(<CareersPage />, { route: '/career-opportunities' });
    expect(screen.getByRole('heading', { level: 1, name: 'Career Opportunities' })).toBeInTheDocument();
    const advert = screen.getByRole('article', { name: /Sales Head/ });
    expect(advert).toHaveTextContent('new Oil & Gas Division');
    expect(advert).toHaveTextContent('About 10 years of experience selling electrical products in the Gulf');
    expect(advert).toHaveTextContent('At least 4-5 years of that experience in the Oil & Gas sector');
    const list = within(advert).getByRole('heading', { name: 'Responsibilities' }).nextElementSibling as HTMLElement;
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Product portfolio and customer development',
      'Strategic relationship management',
      'Design and implement sales strategies',
      'Implement and supervise the sales process',
    ]);
  });

  it('takes applications by e-mail (mailto) or post to the Dubai postal address, and says it is an equal-opportunity employer', () => {
    renderInSite(<CareersPage />, { route: '/career-opportunities' });
    const mail = screen.getByRole('link', { name: company.careersEmail });
    expect(mail.getAttribute('href')).toMatch(new RegExp(`^mailto:${company.careersEmail}\\?subject=`));
    expect(company.postalAddress).toMatch(/Dubai/);
    expect(screen.getByText(company.postalAddress, { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/equal opportunity employer/)).toBeInTheDocument();
  });
});

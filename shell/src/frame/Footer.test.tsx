import { act, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { renderInSite, testI18n } from '@test/render';
import { SiteI18nProvider } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { company } from '@site/content';
import { Footer, warehouseMapUrl } from './Footer';

/** The year in Dubai now, as the footer says it. */
const thisYear = () => new Date(Date.now() + 4 * 3_600_000).getUTCFullYear();

const footerOfSite = (
  <SiteI18nProvider i18n={testI18n('en')}>
    <ThemeRoot>
      <Footer />
    </ThemeRoot>
  </SiteI18nProvider>
);

describe('Footer', () => {
  afterEach(() => jest.useRealTimers());

  it('in English: the spec texts and the company facts', () => {
    renderInSite(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Socials' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Locate Us' })).toBeInTheDocument();
    expect(footer).toHaveTextContent(company.address);
    expect(within(footer).getByRole('link', { name: company.mainPhone })).toHaveAttribute('href', 'tel:+97143471100');
    expect(within(footer).getByRole('link', { name: 'LinkedIn (opens in a new tab)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(footer).toHaveTextContent(`© ${thisYear()} All Rights Reserved.`);
  });

  it('on an Arabic page: Arabic headings and facts; phones and e-mail isolated left to right', () => {
    renderInSite(<Footer />, { locale: 'ar' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'معلومات الاتصال' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'تابعونا' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'موقعنا' })).toBeInTheDocument();
    expect(footer).toHaveTextContent('مستودع رقم 7، شارع 19، منطقة القوز الصناعية 3، دبي، الإمارات العربية المتحدة');
    expect(footer).toHaveTextContent(`© ${thisYear()} جميع الحقوق محفوظة.`);
    expect(within(footer).getByRole('link', { name: 'LinkedIn (يُفتح في علامة تبويب جديدة)' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    for (const text of [company.mainPhone, company.secondPhone, company.generalEmail]) {
      const link = within(footer).getByRole('link', { name: text });
      expect(link.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    }
    expect(footer).not.toHaveTextContent(/Contacts|Socials|Locate Us|All Rights Reserved/);
  });

  it("says the current year, Dubai's: already the new one there at 21:00 UTC on New Year's Eve", () => {
    jest.useFakeTimers({
      now: new Date('2031-06-01T12:00:00Z'),
      doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
    });
    const { unmount } = renderInSite(<Footer />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2031 All Rights Reserved.');
    unmount();
    jest.setSystemTime(new Date('2031-12-31T21:00:00Z'));
    renderInSite(<Footer />, { locale: 'ar' });
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2032 جميع الحقوق محفوظة.');
  });

  it.each([
    ['a page drawn last year hydrates without a mismatch, then says the new year', '2031-01-01T08:00:00Z', '2031'],
    ["a device whose clock is behind keeps the server's year", '2029-05-01T08:00:00Z', '2030'],
  ])('%s', async (_, browserTime, shown) => {
    jest.useFakeTimers({
      now: new Date('2030-12-31T19:00:00Z'),
      doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
    });
    const container = document.createElement('div');
    container.innerHTML = renderToString(footerOfSite);
    document.body.append(container);
    expect(container).toHaveTextContent('© 2030 All Rights Reserved.');
    jest.setSystemTime(new Date(browserTime));
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, footerOfSite, { onRecoverableError: (error) => errors.push(error) }),
    );
    expect(errors).toEqual([]);
    expect(container).toHaveTextContent(`© ${shown} All Rights Reserved.`);
    act(() => root.unmount());
    container.remove();
  });

  it('embeds the map in the page language', () => {
    expect(warehouseMapUrl('en')).toBe(company.warehouseMap);
    expect(warehouseMapUrl('ar')).toBe(`${company.warehouseMap}&hl=ar`);
  });
});

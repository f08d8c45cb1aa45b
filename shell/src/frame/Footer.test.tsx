import { screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { company } from '@site/content';
import { Footer, warehouseMapUrl } from './Footer';

describe('Footer', () => {
  it('in English: the spec texts and the company facts', () => {
    renderInSite(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Socials' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Locate Us' })).toBeInTheDocument();
    expect(footer).toHaveTextContent(company.address);
    expect(within(footer).getByRole('link', { name: company.mainPhone })).toHaveAttribute('href', 'tel:+97143471100');
    expect(within(footer).getByRole('link', { name: 'LinkedIn (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(footer).toHaveTextContent('© 2025 All Rights Reserved.');
  });

  it('on an Arabic page: Arabic headings and facts; phones and e-mail isolated left to right', () => {
    renderInSite(<Footer />, { locale: 'ar' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'معلومات الاتصال' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'تابعونا' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'موقعنا' })).toBeInTheDocument();
    expect(footer).toHaveTextContent('مستودع رقم 7، شارع 19، منطقة القوز الصناعية 3، دبي، الإمارات العربية المتحدة');
    expect(footer).toHaveTextContent('© 2025 جميع الحقوق محفوظة.');
    expect(within(footer).getByRole('link', { name: 'LinkedIn (يُفتح في علامة تبويب جديدة)' })).toHaveAttribute('rel', 'noopener noreferrer');
    for (const text of [company.mainPhone, company.secondPhone, company.generalEmail]) {
      const link = within(footer).getByRole('link', { name: text });
      expect(link.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    }
    expect(footer).not.toHaveTextContent(/Contacts|Socials|Locate Us|All Rights Reserved/);
  });

  it('embeds the map in the page language', () => {
    expect(warehouseMapUrl('en')).toBe(company.warehouseMap);
    expect(warehouseMapUrl('ar')).toBe(`${company.warehouseMap}&hl=ar`);
  });
});

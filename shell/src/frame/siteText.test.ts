// The frame's texts that come from the site's data (menu names, the company's name, address and copyright) are the
// shell's messages, so the shell draws them in the page's language without bundling the Arabic data: they must stay
// the data's texts (content/data/*.json) and their Arabic dictionaries (content/translations/ar/*.json).
import { company, menu } from '@site/content';
import arabicMenu from '@site/content/translations/ar/menu.json';
import arabicCompany from '@site/content/translations/ar/company.json';
import en from '../i18n/en.json';
import ar from '../i18n/ar.json';
import { menuTextId } from './menuText';

const english = en as Record<string, string>;
const arabic = ar as Record<string, string>;
const arabicData: Record<string, string> = { ...arabicMenu, ...arabicCompany };

describe("the frame's data texts", () => {
  it.each(menu.map((item) => [item.id, item.name]))('menu item %s: "%s" and its Arabic', (id, name) => {
    const messageId = menuTextId({ id });
    expect(english[messageId]).toBe(name);
    expect(arabic[messageId]).toBe(arabicData[name]);
  });

  it.each([
    ['site.name', company.name],
    ['site.address', company.address],
  ])('%s is the company fact "%s" and its Arabic', (messageId, fact) => {
    expect(english[messageId]).toBe(fact);
    expect(arabic[messageId]).toBe(arabicData[fact]);
  });

  it("site.copyright is the company's copyright and its Arabic, the year the current one (Footer.tsx)", () => {
    const withYear = (text: string | undefined) => text?.replace(/\b\d{4}\b/, '{year}');
    expect(english['site.copyright']).toBe(withYear(company.copyright));
    expect(arabic['site.copyright']).toBe(withYear(arabicData[company.copyright]));
  });

  it('has no menu message left for an item the data no longer has', () => {
    const menuIds = Object.keys(english).filter((id) => id.startsWith('menu.'));
    expect(menuIds.sort()).toEqual(menu.map((item) => menuTextId(item)).sort());
  });
});

// The widget's region labels and branch names (src/i18n/<locale>.json) are the data's: branches.json in English, its
// Arabic dictionary (content/translations/ar/branches.json) in Arabic, so the chat names a branch as the contact page does.
import { branches } from '@site/content';
import arabicBranches from '@site/content/translations/ar/branches.json';
import { testI18n } from '@test/render';
import { botTexts, regionsIn, type ChatText } from './botTexts';

const textIn = (locale: 'en' | 'ar') => testI18n(locale)._.bind(testI18n(locale)) as ChatText;
const dictionary = arabicBranches as Record<string, string>;

describe('regions', () => {
  it('in English: the labels and names of branches.json', () => {
    expect(regionsIn(textIn('en')).map(({ name, label, localName }) => [name, label, localName])).toEqual(
      branches.map((b) => [b.name, b.label, b.name]),
    );
  });

  it('in Arabic: the same branches, labelled as the Arabic edition of branches.json labels them', () => {
    expect(regionsIn(textIn('ar')).map(({ name, label, localName }) => [name, label, localName])).toEqual(
      branches.map((b) => [b.name, dictionary[b.label], dictionary[b.name]]),
    );
  });
});

describe('bot texts', () => {
  it('in English: the spec texts, with our phone and e-mail', () => {
    const bot = botTexts(textIn('en'));
    expect(bot.greeting).toBe(
      "Hello! Welcome to **Crescent Electrical Trading**. I'm Crescent Assistant, here to help with our products, brands, branches and services.",
    );
    expect(bot.inquiryFailed('Aisha')).toBe(
      'Sorry Aisha, there was an issue sending your inquiry. Please try contacting us directly at info@crescent-electrical.example or call +971 4 347 1100.',
    );
    expect(bot.thanks('Aisha')).toBe(
      "Thank you, Aisha! How can I help you today? Ask me about our products, brands or branches, or use 'Send Inquiry' to send us your requirements.",
    );
  });

  it('in Arabic: Arabic texts, the phone number and e-mail as they are', () => {
    const bot = botTexts(textIn('ar'));
    expect(bot.assistantFailed).toContain('+971 4 347 1100');
    expect(bot.inquiryFailed('عائشة')).toContain('info@crescent-electrical.example');
    for (const message of [
      bot.greeting,
      bot.askName,
      bot.invalidEmail,
      bot.askCountry,
      bot.chooseCountry,
      bot.welcomeBack('عائشة'),
      bot.inquirySent('عائشة', 'a@b.example'),
    ]) {
      expect(message).toMatch(/[\u0621-\u064a]/);
      expect(message.replace(/\*\*[^*]+\*\*|a@b\.example/g, '')).not.toMatch(/[A-Za-z]{2,}/);
    }
  });
});

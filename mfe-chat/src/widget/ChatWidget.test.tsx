// The chat widget: first the cases run for each edition, with that edition's texts (on an Arabic page every text a
// visitor reads or hears is Arabic, the stored and sent values stay those of the data, the assistant is asked for an
// Arabic answer); then the English behaviour cases.
import { CHAT_API_PATH, INQUIRY_API_PATH, REGISTRATION_API_PATH } from '@site/contracts/api';
import { useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite, setViewportWidth } from '@test/render';
import { assistantAnswers, chatHandlers } from '../testing/handlers';
import { PROFILE_STORAGE_KEY } from '../welcome/visitorProfile';
import ChatWidget from './ChatWidget';
import { CHAT_PANEL_COOKIE } from './panelMemory';

const renderChat = (route = '/home') => renderInSite(<ChatWidget />, { route });
const currentPath = () => screen.getByTestId('current-path');

/** Lets the widget's timers (greeting, reply delays) run. */
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

const panel = () => screen.getByRole('dialog', { name: 'Crescent Assistant' });
const log = () => screen.getByRole('log', { name: 'Chat messages' });
const input = () => screen.getByRole('textbox', { name: 'Type your message' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });

function fillWelcome(name: string, email: string, region: string) {
  fireEvent.change(screen.getByLabelText('Full Name *'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Email Address *'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Region/Branch You Want to Inquire About *'), { target: { value: region } });
}

async function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.submit(input().closest('form')!);
  await advance(0);
}

const storeProfile = (userName = 'Aisha') =>
  localStorage.setItem(
    PROFILE_STORAGE_KEY,
    JSON.stringify({
      userName,
      userEmail: 'aisha@example.com',
      userCountry: 'Oman',
      timestamp: '2025-01-05T09:05:00.000Z',
    }),
  );

let warn: jest.SpyInstance;
let error: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  // the panel the visitor chose is remembered in a cookie (panelMemory.ts): each test starts as a new visit
  document.cookie = `${CHAT_PANEL_COOKIE}=; Path=/; Max-Age=0`;
  server.use(...chatHandlers);
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = jest.spyOn(console, 'error');
});

afterEach(() => {
  jest.useRealTimers();
  warn.mockRestore();
  expect(error).not.toHaveBeenCalled();
  error.mockRestore();
});

/** Latin letters a visitor would read in `element`: its text, and its controls' names, placeholders and options. */
function latinIn(element: HTMLElement, allowed: RegExp = /$^/): string[] {
  const texts = [
    element.textContent ?? '',
    ...[...element.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((node) =>
      ['aria-label', 'placeholder', 'title'].map((name) => node.getAttribute(name) ?? ''),
    ),
  ];
  return texts.flatMap((text) => text.replace(allowed, '').match(/[A-Za-z]{2,}/g) ?? []);
}

/** What each edition's widget shows and sends: the same widget, its texts in the page's language. */
const EDITIONS = [
  {
    locale: 'en' as const,
    title: 'Crescent Assistant',
    online: 'Online',
    minimize: 'Minimize chat',
    restore: 'Restore chat',
    close: 'Close chat',
    open: 'Open chat',
    newMessage: 'New message',
    log: 'Chat messages',
    input: 'Type your message',
    typing: 'Crescent Assistant is typing',
    greeting: "Hello! Welcome to Crescent Electrical Trading. I'm Crescent Assistant",
    company: 'Crescent Electrical Trading',
    welcome: {
      title: 'Please introduce yourself',
      fullName: 'Full Name *',
      fullNamePlaceholder: 'Enter your full name',
      email: 'Email Address *',
      emailPlaceholder: 'Enter your email address',
      region: 'Region/Branch You Want to Inquire About *',
      selectRegion: 'Select region/branch',
      start: 'Start Chat',
      justChat: 'Just start chatting',
      or: 'or',
      errorRequired: 'Please fill in this field.',
      errorEmail: 'Please enter a valid email address, such as name@example.com.',
      errorRegion: 'Please choose a region or branch.',
    },
    regions: ['Dubai', 'Oman (Muscat Office)', 'Bahrain (Warehouse)', 'Saudi (through an associated company)'],
    chooseRegion: 'Choose your region/branch',
    sendInquiry: 'Send Inquiry',
    placeholderChat: 'Ask about products, brands, branches...',
    placeholderOnboarding: 'Type your answer...',
    names: { visitor: 'Aisha', fullName: 'Aisha Khan', chatter: 'Omar' },
    bot: {
      thanks: (name: string) => `Thank you, ${name}! How can I help you today?`,
      thanksShort: (name: string) => `Thank you, ${name}!`,
      askName: "Happy to chat! First, what's your name?",
      askEmail: (name: string) => `Nice to meet you, ${name}! What's your email address?`,
      invalidEmail: 'Please enter a valid email address so I can assist you better.',
      welcomeBack: (name: string) => `Welcome back, ${name}!`,
      assistantFailed:
        "I apologize, but I'm having trouble processing your request right now. Please try again or contact us directly at +971 4 347 1100.",
      inquirySent: (name: string) =>
        `Thank you, ${name}! Your inquiry has been sent successfully. Our team will reply to aisha@example.com within 24 hours. Is there anything else I can help you with?`,
      inquiryFailed: (name: string) =>
        `Sorry ${name}, there was an issue sending your inquiry. Please try contacting us directly at info@crescent-electrical.example or call +971 4 347 1100.`,
    },
    hello: 'Hello?',
    link: {
      answer: 'See [Industrial Cable Glands](/our-products/industrial_cable_glands)',
      question: 'glands',
      name: 'Industrial Cable Glands',
    },
    inquiry: {
      title: 'Send Inquiry',
      fullName: 'Full Name *',
      email: 'Email Address *',
      region: 'Region/Branch *',
      phone: 'Phone Number',
      companyName: 'Company Name',
      companyNamePlaceholder: 'Enter your company name',
      companyLocation: 'Company Location',
      companyLocationPlaceholder: 'City, Country',
      message: 'Your Inquiry *',
      messagePlaceholder: 'Please describe your requirements: products, quantities, specifications...',
      submit: 'Submit Inquiry',
      close: 'Close inquiry form',
      errorRequired: 'Please fill in all required fields (Full Name, Email, Region/Branch, Inquiry)',
      errorEmail: 'Please enter a valid email address',
      text: '200 m of cable',
      glands: 'Cable glands',
    },
    /** An English page sends no language: the server's default. */
    sentLanguage: {},
  },
  {
    locale: 'ar' as const,
    title: 'مساعد الهلال',
    online: 'متصل الآن',
    minimize: 'تصغير نافذة المحادثة',
    restore: 'استعادة نافذة المحادثة',
    close: 'إغلاق المحادثة',
    open: 'فتح المحادثة',
    newMessage: 'رسالة جديدة',
    log: 'رسائل المحادثة',
    input: 'اكتب رسالتك',
    typing: 'مساعد الهلال يكتب الآن',
    greeting: 'مرحبًا بك في الهلال للتجارة الكهربائية. أنا مساعد الهلال',
    company: 'الهلال للتجارة الكهربائية',
    welcome: {
      title: 'يُرجى التعريف بنفسك',
      fullName: 'الاسم الكامل *',
      fullNamePlaceholder: 'أدخل اسمك الكامل',
      email: 'البريد الإلكتروني *',
      emailPlaceholder: 'أدخل عنوان بريدك الإلكتروني',
      region: 'المنطقة أو الفرع الذي تودّ الاستفسار منه *',
      selectRegion: 'اختر المنطقة أو الفرع',
      start: 'بدء المحادثة',
      justChat: 'ابدأ المحادثة مباشرةً',
      or: 'أو',
      errorRequired: 'يُرجى تعبئة هذا الحقل.',
      errorEmail: 'يُرجى إدخال عنوان بريد إلكتروني صحيح، مثل name@example.com.',
      errorRegion: 'يُرجى اختيار المنطقة أو الفرع.',
    },
    regions: ['دبي', 'عُمان (مكتب مسقط)', 'البحرين (المستودع)', 'السعودية (عبر شركة شقيقة)'],
    chooseRegion: 'اختر المنطقة أو الفرع',
    sendInquiry: 'إرسال استفسار',
    placeholderChat: 'اسأل عن المنتجات والعلامات التجارية والفروع...',
    placeholderOnboarding: 'اكتب إجابتك...',
    names: { visitor: 'عائشة', fullName: 'عائشة خان', chatter: 'عمر' },
    bot: {
      thanks: (name: string) => `شكرًا لك، ${name}! كيف يمكنني مساعدتك اليوم؟`,
      thanksShort: (name: string) => `شكرًا لك، ${name}!`,
      askName: 'يسعدني التحدث معك! بدايةً، ما اسمك؟',
      askEmail: (name: string) => `تشرّفنا بمعرفتك، ${name}! ما عنوان بريدك الإلكتروني؟`,
      invalidEmail: 'يُرجى إدخال عنوان بريد إلكتروني صحيح حتى أتمكن من مساعدتك على نحو أفضل.',
      welcomeBack: (name: string) => `مرحبًا بعودتك، ${name}!`,
      assistantFailed:
        'نعتذر، نواجه حاليًا صعوبة في معالجة طلبك. يُرجى المحاولة مرة أخرى أو التواصل معنا مباشرةً على الرقم +971 4 347 1100.',
      inquirySent: (name: string) =>
        `شكرًا لك، ${name}! تم إرسال استفسارك بنجاح، وسيردّ فريقنا على aisha@example.com خلال 24 ساعة. هل يمكنني مساعدتك في أي شيء آخر؟`,
      inquiryFailed: (name: string) =>
        `عذرًا ${name}، حدثت مشكلة أثناء إرسال استفسارك. يُرجى التواصل معنا مباشرةً عبر البريد الإلكتروني info@crescent-electrical.example أو الاتصال على الرقم +971 4 347 1100.`,
    },
    hello: 'مرحبا؟',
    link: {
      answer: 'انظر [جلب الكابلات الصناعية](/ar/our-products/industrial_cable_glands)',
      question: 'جلب',
      name: 'جلب الكابلات الصناعية',
    },
    inquiry: {
      title: 'إرسال استفسار',
      fullName: 'الاسم الكامل *',
      email: 'البريد الإلكتروني *',
      region: 'المنطقة/الفرع *',
      phone: 'رقم الهاتف',
      companyName: 'اسم الشركة',
      companyNamePlaceholder: 'أدخل اسم شركتك',
      companyLocation: 'موقع الشركة',
      companyLocationPlaceholder: 'المدينة، الدولة',
      message: 'استفسارك *',
      messagePlaceholder: 'يُرجى وصف متطلباتك: المنتجات، والكميات، والمواصفات...',
      submit: 'إرسال الاستفسار',
      close: 'إغلاق نموذج الاستفسار',
      errorRequired: 'يُرجى تعبئة جميع الحقول المطلوبة (الاسم الكامل، البريد الإلكتروني، المنطقة/الفرع، الاستفسار)',
      errorEmail: 'يُرجى إدخال عنوان بريد إلكتروني صحيح',
      text: 'أحتاج 200 m من الكابل',
      glands: 'جلب كابلات',
    },
    // the branch's mail says the visitor wrote from the Arabic edition; the assistant answers in Arabic
    sentLanguage: { language: 'ar' },
  },
];

describe.each(EDITIONS)('the widget in each edition ($locale)', (edition) => {
  const arabic = edition.locale === 'ar';
  const { welcome, bot, names } = edition;
  const renderEdition = (route = '/home') => renderInSite(<ChatWidget />, { route, locale: edition.locale });
  const panel = () => screen.getByRole('dialog', { name: edition.title });
  const log = () => screen.getByRole('log', { name: edition.log });
  const input = () => screen.getByRole('textbox', { name: edition.input });

  async function type(text: string) {
    fireEvent.change(input(), { target: { value: text } });
    fireEvent.submit(input().closest('form')!);
    await advance(0);
  }

  describe('the panel', () => {
    it("is the edition's assistant: title, status and every button named in its language", async () => {
      renderEdition();
      expect(panel()).toHaveTextContent(edition.online);
      fireEvent.click(within(panel()).getByRole('button', { name: edition.minimize }));
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${edition.restore}`) }));
      fireEvent.click(within(panel()).getByRole('button', { name: edition.close }));
      fireEvent.click(screen.getByRole('button', { name: edition.open }));
      expect(panel()).toBeInTheDocument();
    });

    it('on a phone: the round button restores the chat, with a note of an unread message', async () => {
      setViewportWidth(375);
      renderEdition();
      const restore = screen.getByRole('button', { name: new RegExp(`^${edition.restore}`) });
      await advance(500);
      expect(restore).toHaveAccessibleDescription(edition.newMessage);
    });
  });

  describe('a new visitor', () => {
    it("is greeted and shown the welcome form in the page's language (an Arabic page: no English left)", async () => {
      renderEdition();
      await advance(400);
      expect(within(panel()).getByRole('status')).toHaveTextContent(edition.typing);
      await advance(100);
      expect(log()).toHaveTextContent(edition.greeting);
      expect(within(log()).getByText(edition.company).tagName).toBe('STRONG');
      expect(screen.getByRole('heading', { name: welcome.title })).toBeInTheDocument();
      expect(screen.getByLabelText(welcome.fullName)).toHaveAttribute('placeholder', welcome.fullNamePlaceholder);
      const email = screen.getByLabelText(welcome.email);
      expect(email).toHaveAttribute('placeholder', welcome.emailPlaceholder);
      expect(email).toHaveAttribute('dir', 'ltr');
      const region = screen.getByLabelText(welcome.region);
      expect(
        within(region)
          .getAllByRole('option')
          .map((o) => [o.getAttribute('value'), o.textContent]),
      ).toEqual([
        ['', welcome.selectRegion],
        ...['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia'].map((value, i) => [value, edition.regions[i]]),
      ]);
      expect(screen.getByRole('button', { name: welcome.start })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: welcome.justChat })).toBeInTheDocument();
      expect(panel()).toHaveTextContent(welcome.or);
      // the time is the only thing in Western characters: digits
      if (arabic) expect(latinIn(panel())).toEqual([]);
    });

    it('the welcome form keeps a name of 70 vocalised Arabic letters whole (characters as the server counts them), cut at 100', async () => {
      const letters = (count: number) =>
        Array.from({ length: count }, (_, i) => `${'بتثجحخدذرزسشصضطظعغفقكلمنهوي'[i % 27]}\u0651\u064E`).join('');
      renderEdition();
      await advance(500);
      const name = screen.getByLabelText(welcome.fullName);
      expect(name).not.toHaveAttribute('maxlength');
      fireEvent.change(name, { target: { value: letters(70) } });
      expect(name).toHaveValue(letters(70));
      fireEvent.change(name, { target: { value: letters(101) } });
      expect(name).toHaveValue(letters(100));
    });

    it("an incomplete welcome form says what each field lacks in the page's language, never in the browser's", async () => {
      renderEdition();
      await advance(500);
      fireEvent.change(screen.getByLabelText(welcome.email), { target: { value: 'aisha@example' } });
      fireEvent.click(screen.getByRole('button', { name: welcome.start }));
      expect(screen.getByRole('button', { name: welcome.start }).closest('form')).toHaveAttribute('novalidate');
      expect(screen.getByLabelText(welcome.fullName)).toHaveAccessibleDescription(welcome.errorRequired);
      expect(screen.getByLabelText(welcome.fullName)).toHaveFocus();
      expect(screen.getByLabelText(welcome.email)).toHaveAccessibleDescription(welcome.errorEmail);
      expect(screen.getByLabelText(welcome.region)).toHaveAccessibleDescription(welcome.errorRegion);
      if (arabic) expect(latinIn(panel(), /name@example\.com/g)).toEqual([]);
    });

    it("submitting the form registers the branch name of the data and thanks in the page's language", async () => {
      renderEdition();
      await advance(500);
      fireEvent.change(screen.getByLabelText(welcome.fullName), { target: { value: names.fullName } });
      fireEvent.change(screen.getByLabelText(welcome.email), { target: { value: 'aisha@example.com' } });
      fireEvent.change(screen.getByLabelText(welcome.region), { target: { value: 'Bahrain' } });
      fireEvent.click(screen.getByRole('button', { name: welcome.start }));
      await advance(500);
      expect(await requestsSentWithBodies()).toEqual([
        {
          request: `POST ${REGISTRATION_API_PATH}`,
          body: { userName: names.fullName, userEmail: 'aisha@example.com', userCountry: 'Bahrain' },
        },
      ]);
      expect(log()).toHaveTextContent(bot.thanks(names.fullName));
      expect(screen.getByRole('button', { name: edition.sendInquiry })).toBeInTheDocument();
      expect(input()).toHaveAttribute('placeholder', edition.placeholderChat);
    });

    it("can just start chatting: name, e-mail (retried), then the regions as buttons in the page's language", async () => {
      renderEdition();
      await advance(500);
      fireEvent.click(screen.getByRole('button', { name: welcome.justChat }));
      await advance(500);
      expect(log()).toHaveTextContent(bot.askName);
      expect(input()).toHaveAttribute('placeholder', edition.placeholderOnboarding);
      await type(names.chatter);
      await advance(500);
      expect(log()).toHaveTextContent(bot.askEmail(names.chatter));
      await type('omar at example');
      await advance(500);
      expect(log()).toHaveTextContent(bot.invalidEmail);
      await type('omar@example.com');
      await advance(500);
      const options = screen.getByRole('group', { name: edition.chooseRegion });
      expect(
        within(options)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(edition.regions);
      fireEvent.click(within(options).getByRole('button', { name: edition.regions[3] }));
      await advance(0);
      expect(await requestsSentWithBodies()).toEqual([
        {
          request: `POST ${REGISTRATION_API_PATH}`,
          body: { userName: names.chatter, userEmail: 'omar@example.com', userCountry: 'Saudi Arabia' },
        },
      ]);
      await advance(1000);
      expect(log()).toHaveTextContent(bot.thanksShort(names.chatter));
      // the visitor's e-mail is the only Latin text of the conversation
      if (arabic) expect(latinIn(panel(), /omar@example\.com|omar at example/g)).toEqual([]);
    });
  });

  describe('the chat', () => {
    beforeEach(() => storeProfile(names.visitor));

    it("welcomes back and asks the assistant for an answer in the page's language (language 'ar' from an Arabic page)", async () => {
      renderEdition();
      await advance(500);
      expect(log()).toHaveTextContent(bot.welcomeBack(names.visitor));
      server.use(
        assistantAnswers({
          answer: 'نعم، لدينا **جلب الكابلات**: [جلب الكابلات الصناعية](/ar/our-products/industrial_cable_glands)',
          source: 'ai',
        }),
      );
      await type('هل لديكم جلب كابلات؟');
      await advance(500);
      await type('cable glands?');
      await advance(500);
      const sent = await requestsSentWithBodies();
      expect(sent.map(({ body }) => body)).toEqual([
        { question: 'هل لديكم جلب كابلات؟', history: [], ...edition.sentLanguage },
        {
          question: 'cable glands?',
          history: [
            { role: 'user', parts: [{ text: 'هل لديكم جلب كابلات؟' }] },
            {
              role: 'model',
              parts: [
                {
                  text: 'نعم، لدينا **جلب الكابلات**: [جلب الكابلات الصناعية](/ar/our-products/industrial_cable_glands)',
                },
              ],
            },
          ],
          ...edition.sentLanguage,
        },
      ]);
      // an English question reads left to right; an Arabic message right to left, on either page
      expect(within(log()).getByText('cable glands?').closest('[dir]')).toHaveAttribute('dir', 'ltr');
      expect(within(log()).getByText('هل لديكم جلب كابلات؟').closest('[dir]')).toHaveAttribute('dir', 'rtl');
    });

    it('follows a link of an answer inside the edition', async () => {
      renderEdition('/home');
      await advance(500);
      server.use(assistantAnswers({ answer: edition.link.answer }));
      await type(edition.link.question);
      await advance(500);
      const link = within(log()).getByRole('link', { name: edition.link.name });
      fireEvent.click(link);
      // the router of an Arabic page has the basename /ar: the route inside it is the English path
      expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/industrial_cable_glands');
    });

    it('apologises with the phone number (kept left to right in an Arabic message)', async () => {
      renderEdition();
      await advance(500);
      server.use(http.post(CHAT_API_PATH, () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
      await type(edition.hello);
      await advance(500);
      expect(log()).toHaveTextContent(bot.assistantFailed);
      if (arabic) {
        const phone = within(log()).getByText('+971 4 347 1100');
        expect(phone.tagName).toBe('BDI');
        expect(phone).toHaveAttribute('dir', 'ltr');
      }
    });
  });

  describe('the inquiry modal', () => {
    const { inquiry } = edition;
    beforeEach(() => storeProfile(names.visitor));

    const dialog = () => screen.getByRole('dialog', { name: inquiry.title });
    const field = (label: string) => within(dialog()).getByLabelText(label);

    async function openInquiry() {
      fireEvent.click(screen.getByRole('button', { name: edition.sendInquiry }));
      await advance(0);
    }

    it("has the page's labels, placeholders and buttons, prefilled from the profile", async () => {
      renderEdition();
      await advance(500);
      await openInquiry();
      expect(field(inquiry.fullName)).toHaveValue(names.visitor);
      expect(field(inquiry.email)).toHaveValue('aisha@example.com');
      expect(field(inquiry.region)).toHaveValue('Oman');
      expect(within(field(inquiry.region)).getByRole('option', { selected: true })).toHaveTextContent(
        edition.regions[1]!,
      );
      expect(field(inquiry.phone)).toHaveAttribute('dir', 'ltr');
      expect(field(inquiry.phone)).toHaveAttribute('placeholder', '+971 XX XXX XXXX');
      expect(field(inquiry.companyName)).toHaveAttribute('placeholder', inquiry.companyNamePlaceholder);
      expect(field(inquiry.companyLocation)).toHaveAttribute('placeholder', inquiry.companyLocationPlaceholder);
      expect(field(inquiry.message)).toHaveAttribute('placeholder', inquiry.messagePlaceholder);
      expect(within(dialog()).getByRole('button', { name: inquiry.submit })).toBeInTheDocument();
      expect(within(dialog()).getByRole('button', { name: inquiry.close })).toBeInTheDocument();
      // Western characters: the visitor's e-mail and the phone number's example only
      if (arabic) expect(latinIn(dialog(), /aisha@example\.com|XX XXX XXXX/g)).toEqual([]);
    });

    it("shows its validation messages in the page's language", async () => {
      renderEdition();
      await advance(500);
      await openInquiry();
      const form = () => within(dialog()).getByRole('button', { name: inquiry.submit }).closest('form')!;
      fireEvent.submit(form());
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(inquiry.errorRequired);
      fireEvent.change(field(inquiry.message), { target: { value: inquiry.text } });
      fireEvent.change(field(inquiry.email), { target: { value: 'aisha@example' } });
      fireEvent.submit(form());
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(inquiry.errorEmail);
    });

    it('sent: the thanks with the e-mail; the payload holds the branch name of the data and the page language', async () => {
      renderEdition();
      await advance(500);
      await openInquiry();
      fireEvent.change(field(inquiry.message), { target: { value: inquiry.text } });
      fireEvent.click(within(dialog()).getByRole('button', { name: inquiry.submit }));
      await advance(500);
      const [sent] = await requestsSentWithBodies();
      expect(sent).toEqual({
        request: `POST ${INQUIRY_API_PATH}`,
        body: {
          userName: names.visitor,
          userEmail: 'aisha@example.com',
          userCountry: 'Oman',
          inquiryPhone: '',
          inquiryMessage: inquiry.text,
          companyName: '',
          companyLocation: '',
          ...edition.sentLanguage,
        },
      });
      expect(log()).toHaveTextContent(bot.inquirySent(names.visitor));
      if (arabic) expect(within(log()).getByText('aisha@example.com').tagName).toBe('BDI');
    });

    it('failed: the apology with our e-mail and phone (each left to right in an Arabic message)', async () => {
      server.use(
        http.post(INQUIRY_API_PATH, () => HttpResponse.json({ error: 'Internal server error' }, { status: 500 })),
      );
      renderEdition();
      await advance(500);
      await openInquiry();
      fireEvent.change(field(inquiry.message), { target: { value: inquiry.glands } });
      fireEvent.click(within(dialog()).getByRole('button', { name: inquiry.submit }));
      await advance(500);
      expect(log()).toHaveTextContent(bot.inquiryFailed(names.visitor));
      if (arabic) {
        expect(within(log()).getByText('info@crescent-electrical.example')).toHaveAttribute('dir', 'ltr');
        expect(within(log()).getByText('+971 4 347 1100')).toHaveAttribute('dir', 'ltr');
      }
    });
  });
});

describe('the panel', () => {
  it('is open by default, minimizes to a bar that restores it, and closes to the floating button', async () => {
    renderChat();
    expect(panel()).toHaveTextContent('Online');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Minimize chat' }));
    expect(screen.queryByRole('dialog', { name: 'Crescent Assistant' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Restore chat/ }));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog', { name: 'Crescent Assistant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Restore chat/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(panel()).toBeInTheDocument();
  });
});

describe("the visitor's choice", () => {
  const rememberedPanel = () => new RegExp(`${CHAT_PANEL_COOKIE}=(\\w+)`).exec(document.cookie)?.[1];

  it.each([
    ['closed', 'Close chat'],
    ['minimized', 'Minimize chat'],
  ])(
    '%s (%s) is remembered: the next page of the visit starts so, and Open chat is remembered too',
    async (choice, control) => {
      const first = renderChat();
      fireEvent.click(within(panel()).getByRole('button', { name: control }));
      expect(rememberedPanel()).toBe(choice);
      first.unmount();
      // the next page load: a new store, the same cookie
      renderChat('/about');
      expect(screen.queryByRole('dialog', { name: 'Crescent Assistant' })).not.toBeInTheDocument();
      expect(screen.queryAllByRole('button', { name: /^Restore chat/ })).toHaveLength(choice === 'minimized' ? 1 : 0);
      fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
      expect(rememberedPanel()).toBe('open');
      expect(panel()).toBeInTheDocument();
    },
  );

  it('following a link on a phone minimizes the panel without remembering it as a choice', async () => {
    setViewportWidth(375);
    storeProfile();
    renderChat();
    fireEvent.click(screen.getByRole('button', { name: /^Restore chat/ }));
    expect(rememberedPanel()).toBe('open');
    await advance(500);
    server.use(assistantAnswers({ answer: 'See [About Us](/about)' }));
    await type('about');
    await advance(500);
    fireEvent.click(within(log()).getByRole('link', { name: 'About Us' }));
    expect(screen.getByRole('button', { name: /^Restore chat/ })).toBeInTheDocument();
    expect(rememberedPanel()).toBe('open');
  });
});

describe('a page where the panel does not open by itself (the shell: the quote request, a quotation)', () => {
  const rememberedPanel = () => new RegExp(`${CHAT_PANEL_COOKIE}=(\\w+)`).exec(document.cookie)?.[1];

  it("starts minimized on a desktop, without taking it for the visitor's choice; Restore opens it, and that is theirs", async () => {
    renderInSite(<ChatWidget openByDefault={false} />, { route: '/request-quote' });
    expect(screen.queryByRole('dialog', { name: 'Crescent Assistant' })).not.toBeInTheDocument();
    expect(rememberedPanel()).toBeUndefined();
    await advance(500);
    fireEvent.click(screen.getByRole('button', { name: /^Restore chat/ }));
    expect(panel()).toBeInTheDocument();
    expect(rememberedPanel()).toBe('open');
  });

  it('minimizes a panel open by default as the visitor arrives there; one they opened themselves stays open', async () => {
    // the shell's frame, which gives the rule of the page the visitor is on
    let goTo: (quietPage: boolean) => void = () => undefined;
    function Frame() {
      const [quietPage, setQuietPage] = useState(false);
      goTo = (next) => act(() => setQuietPage(next));
      return <ChatWidget openByDefault={!quietPage} />;
    }
    renderInSite(<Frame />, { route: '/home' });
    expect(panel()).toBeInTheDocument();
    goTo(true);
    expect(screen.queryByRole('dialog', { name: 'Crescent Assistant' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Restore chat/ })).toBeInTheDocument();
    expect(rememberedPanel()).toBeUndefined();
    // back on a page where it may open: as it was left, not reopened
    goTo(false);
    expect(screen.queryByRole('dialog', { name: 'Crescent Assistant' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Restore chat/ }));
    goTo(true);
    expect(panel()).toBeInTheDocument();
  });
});

describe('on a phone (576 px or less)', () => {
  beforeEach(() => setViewportWidth(375));

  it('minimized is one round button, with a dot once the assistant has said something unread; no bar', async () => {
    renderChat();
    const restore = screen.getByRole('button', { name: /^Restore chat/ });
    expect(screen.getAllByRole('button')).toEqual([restore]);
    expect(restore).not.toHaveAccessibleDescription();
    await advance(500); // the greeting arrives while minimized
    expect(restore).toHaveAccessibleDescription('New message');
    fireEvent.click(restore);
    expect(within(panel()).getByRole('log', { name: 'Chat messages' })).toHaveTextContent(
      'Welcome to Crescent Electrical Trading',
    );
    fireEvent.click(within(panel()).getByRole('button', { name: 'Minimize chat' }));
    // read: no dot
    expect(screen.getByRole('button', { name: /^Restore chat/ })).not.toHaveAccessibleDescription();
  });

  it('closed is the round button alone, without a dot', async () => {
    document.cookie = `${CHAT_PANEL_COOKIE}=closed; Path=/`;
    renderChat();
    await advance(500);
    const open = screen.getByRole('button', { name: 'Open chat' });
    expect(screen.getAllByRole('button')).toEqual([open]);
    expect(open).not.toHaveAccessibleDescription();
  });
});

describe('a new visitor', () => {
  it('gets a greeting after 0.5 s and the welcome form with the spec labels', async () => {
    renderChat();
    await advance(400);
    expect(within(log()).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(panel()).getByRole('status')).toHaveTextContent('Crescent Assistant is typing');
    await advance(100);
    expect(log()).toHaveTextContent('Welcome to Crescent Electrical Trading');
    expect(screen.getByLabelText('Full Name *')).toHaveAttribute('placeholder', 'Enter your full name');
    expect(screen.getByLabelText('Email Address *')).toHaveAttribute('type', 'email');
    const region = screen.getByLabelText('Region/Branch You Want to Inquire About *');
    expect(
      within(region)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select region/branch',
      'Dubai',
      'Oman (Muscat Office)',
      'Bahrain (Warehouse)',
      'Saudi (through an associated company)',
    ]);
    expect(screen.queryByRole('textbox', { name: 'Type your message' })).not.toBeInTheDocument();
  });

  it.each([
    ['the name is empty', ' ', 'aisha@example.com', 'Dubai'],
    ['the e-mail fails the pattern', 'Aisha', 'aisha@example', 'Dubai'],
    ['no region is chosen', 'Aisha', 'aisha@example.com', ''],
  ])('the welcome form does nothing when %s', async (_case, name, email, region) => {
    renderChat();
    await advance(500);
    fillWelcome(name, email, region);
    fireEvent.submit(screen.getByRole('button', { name: 'Start Chat' }).closest('form')!);
    await advance(1000);
    expect(requestsSent()).toEqual([]);
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Chat' })).toBeInTheDocument();
  });

  it('the welcome form says under each field what it lacks, in its own words (no browser bubble), and focuses the first', async () => {
    renderChat();
    await advance(500);
    const form = screen.getByRole('button', { name: 'Start Chat' }).closest('form')!;
    expect(form).toHaveAttribute('novalidate');
    fillWelcome('Aisha', 'aisha@example', '');
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    const [name, email, region] = [
      screen.getByLabelText('Full Name *'),
      screen.getByLabelText('Email Address *'),
      screen.getByLabelText('Region/Branch You Want to Inquire About *'),
    ];
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address, such as name@example.com.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(region).toHaveAccessibleDescription('Please choose a region or branch.');
    expect(email).toHaveFocus();
    // corrected, a field stops saying it; the others keep their message until the next try
    fireEvent.change(email, { target: { value: 'aisha@example.com' } });
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(region).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    expect(name).toHaveAccessibleDescription('Please fill in this field.');
    expect(name).toHaveFocus();
    await advance(1000);
    expect(requestsSent()).toEqual([]);
  });

  it('is kept, registered and thanked on submitting the form, and goes to the chat', async () => {
    renderChat();
    await advance(500);
    fillWelcome(' Aisha Khan ', 'aisha@example.com', 'Bahrain');
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    await advance(0);
    expect(JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY)!)).toEqual({
      userName: 'Aisha Khan',
      userEmail: 'aisha@example.com',
      userCountry: 'Bahrain',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await requestsSentWithBodies()).toEqual([
      {
        request: `POST ${REGISTRATION_API_PATH}`,
        body: { userName: 'Aisha Khan', userEmail: 'aisha@example.com', userCountry: 'Bahrain' },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Start Chat' })).not.toBeInTheDocument();
    await advance(500);
    expect(log()).toHaveTextContent('Thank you, Aisha Khan! How can I help you today?');
    expect(screen.getByRole('button', { name: 'Send Inquiry' })).toBeInTheDocument();
  });

  it('is thanked even when the registration fails, which is only logged as a warning', async () => {
    server.use(http.post(REGISTRATION_API_PATH, () => HttpResponse.json({ error: 'database down' }, { status: 500 })));
    renderChat();
    await advance(500);
    fillWelcome('Aisha', 'aisha@example.com', 'Dubai');
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    await advance(500);
    expect(log()).toHaveTextContent('Thank you, Aisha!');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('database down'));
  });

  it('can just start chatting: name, then e-mail (retried), then region options', async () => {
    renderChat();
    await advance(500);
    fireEvent.click(screen.getByRole('button', { name: 'Just start chatting' }));
    await advance(500);
    expect(log()).toHaveTextContent("what's your name?");
    await type('Omar');
    await advance(500);
    expect(log()).toHaveTextContent("Nice to meet you, Omar! What's your email address?");
    await type('omar at example');
    await advance(500);
    expect(log()).toHaveTextContent('Please enter a valid email address so I can assist you better.');
    await type('omar@example.com');
    await advance(500);
    const options = screen.getByRole('group', { name: 'Choose your region/branch' });
    expect(
      within(options)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Dubai', 'Oman (Muscat Office)', 'Bahrain (Warehouse)', 'Saudi (through an associated company)']);
    fireEvent.click(within(options).getByRole('button', { name: 'Saudi (through an associated company)' }));
    await advance(0);
    expect(screen.queryByRole('group', { name: 'Choose your region/branch' })).not.toBeInTheDocument();
    expect(await requestsSentWithBodies()).toEqual([
      {
        request: `POST ${REGISTRATION_API_PATH}`,
        body: { userName: 'Omar', userEmail: 'omar@example.com', userCountry: 'Saudi Arabia' },
      },
    ]);
    expect(JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY)!)).toMatchObject({
      userName: 'Omar',
      userCountry: 'Saudi Arabia',
    });
    await advance(500);
    expect(log()).not.toHaveTextContent('Thank you, Omar!');
    await advance(500);
    expect(log()).toHaveTextContent('Thank you, Omar!');
    expect(screen.getByRole('button', { name: 'Send Inquiry' })).toBeInTheDocument();
  });
});

describe('a returning visitor', () => {
  it('goes straight to the chat and is welcomed back after 0.5 s', async () => {
    storeProfile('Aisha');
    renderChat();
    expect(screen.queryByRole('button', { name: 'Start Chat' })).not.toBeInTheDocument();
    await advance(499);
    expect(log()).not.toHaveTextContent('Welcome back');
    await advance(1);
    expect(log()).toHaveTextContent('Welcome back, Aisha!');
    expect(requestsSent()).toEqual([]);
  });
});

describe('the chat', () => {
  beforeEach(() => storeProfile());

  it('keeps send disabled while the text is blank, ignores whitespace and sends with Enter', async () => {
    renderChat();
    await advance(500);
    expect(sendButton()).toBeDisabled();
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.submit(input().closest('form')!);
    await advance(1000);
    expect(requestsSent()).toEqual([]);
    server.use(assistantAnswers({ answer: 'Hi!', source: 'ai' }));
    fireEvent.change(input(), { target: { value: 'Hello' } });
    expect(sendButton()).toBeEnabled();
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.submit(input().closest('form')!);
    await advance(0);
    expect(requestsSent()).toEqual([`POST ${CHAT_API_PATH}`]);
    expect(input()).toHaveValue('');
  });

  it('sends the question with the conversation so far, shows typing, then the answer with its time', async () => {
    jest.setSystemTime(new Date(2025, 4, 6, 14, 7));
    renderChat();
    await advance(500);
    server.use(
      http.post(CHAT_API_PATH, async ({ request }) => {
        const { question } = (await request.json()) as { question: string };
        return HttpResponse.json({ answer: `You asked: ${question}`, source: 'ai' });
      }),
    );
    await type('Do you sell cable glands?');
    expect(within(panel()).getByRole('status')).toHaveTextContent('Crescent Assistant is typing');
    await advance(500);
    expect(within(panel()).queryByRole('status')).not.toBeInTheDocument();
    expect(log()).toHaveTextContent('You asked: Do you sell cable glands?');
    expect(within(log()).getAllByText('14:07').length).toBeGreaterThanOrEqual(2);
    await type('And in Oman?');
    await advance(500);
    const sent = await requestsSentWithBodies();
    expect(sent.map((call) => call.request)).toEqual([`POST ${CHAT_API_PATH}`, `POST ${CHAT_API_PATH}`]);
    expect(sent[1]?.body).toEqual({
      question: 'And in Oman?',
      history: [
        { role: 'user', parts: [{ text: 'Do you sell cable glands?' }] },
        { role: 'model', parts: [{ text: 'You asked: Do you sell cable glands?' }] },
      ],
    });
  });

  it('an answer longer than the limit goes back in the history cut before its emoji, never inside it', async () => {
    renderChat();
    await advance(500);
    const long = `${'x'.repeat(3_999)}😀 and more`;
    server.use(assistantAnswers({ answer: long, source: 'ai' }));
    await type('Tell me everything');
    await advance(500);
    await type('And then?');
    await advance(500);
    const history = (
      (await requestsSentWithBodies())[1]?.body as { history: { role: string; parts: { text: string }[] }[] }
    ).history;
    expect(history[1]?.role).toBe('model');
    expect(history[1]?.parts[0]?.text === 'x'.repeat(3_999)).toBe(true);
  });

  it('renders links of an answer as in-app navigation and bold as bold', async () => {
    renderChat('/home');
    await advance(500);
    server.use(
      assistantAnswers({
        answer:
          "⚠️ AI service temporarily unavailable. Here's basic information:\n\n**Glands**: see [Industrial Cable Glands](/our-products/industrial_cable_glands)",
      }),
    );
    await type('glands');
    await advance(500);
    expect(within(log()).getByText('Glands').tagName).toBe('STRONG');
    const link = within(log()).getByRole('link', { name: 'Industrial Cable Glands' });
    expect(link).toHaveAttribute('href', '/our-products/industrial_cable_glands');
    fireEvent.click(link);
    expect(currentPath()).toHaveTextContent('/our-products/industrial_cable_glands');
    expect(panel()).toBeInTheDocument();
  });

  it('on a phone, following a link minimizes the full-screen panel', async () => {
    setViewportWidth(375);
    renderChat('/home');
    await advance(500);
    // On a phone the chat starts as the bar; the visitor opens it.
    expect(screen.queryByRole('textbox', { name: 'Type your message' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Restore chat/ }));
    server.use(assistantAnswers({ answer: 'See [Contact Us](/contact-us)' }));
    await type('contact');
    await advance(500);
    fireEvent.click(within(log()).getByRole('link', { name: 'Contact Us' }));
    expect(currentPath()).toHaveTextContent('/contact-us');
    expect(screen.getByRole('button', { name: /^Restore chat/ })).toBeInTheDocument();
  });

  it.each<[string, HttpResponseResolver]>([
    ['the server answers 500', () => HttpResponse.json({ error: 'boom' }, { status: 500 })],
    ['the server answers 429', () => HttpResponse.json({ error: 'Too many questions' }, { status: 429 })],
    ['the body has no answer', () => HttpResponse.json({})],
    ['the network fails', () => HttpResponse.error()],
  ])('apologises with the phone number when %s', async (_case, failing) => {
    renderChat();
    await advance(500);
    server.use(http.post(CHAT_API_PATH, failing));
    await type('Hello?');
    await advance(500);
    expect(log()).toHaveTextContent(
      "I apologize, but I'm having trouble processing your request right now. Please try again or contact us directly at +971 4 347 1100.",
    );
  });

  it('shows HTML from an answer as text and makes no link of a script URL', async () => {
    renderChat();
    await advance(500);
    const payload =
      '<script>window.hacked=1</script><img src=x onerror="window.hacked=1"> [click](javascript:alert(1)) [x](https://evil.example)';
    server.use(assistantAnswers({ answer: payload }));
    await type('<b>hi</b>');
    await advance(500);
    expect(log()).toHaveTextContent('<script>window.hacked=1</script><img src=x onerror="window.hacked=1">');
    expect(log()).toHaveTextContent('<b>hi</b>');
    expect(log().querySelector('script, img, b')).toBeNull();
    expect(within(log()).queryAllByRole('link')).toEqual([]);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});

describe('the inquiry modal', () => {
  beforeEach(() => storeProfile('Aisha'));

  const dialog = () => screen.getByRole('dialog', { name: 'Send Inquiry' });
  const field = (label: string) => within(dialog()).getByLabelText(label);

  async function openInquiry() {
    fireEvent.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    await advance(0);
  }

  it('is prefilled from the profile and has the spec fields', async () => {
    renderChat();
    await advance(500);
    await openInquiry();
    expect(field('Full Name *')).toHaveValue('Aisha');
    expect(field('Email Address *')).toHaveValue('aisha@example.com');
    expect(field('Email Address *')).toHaveAttribute('type', 'email');
    expect(field('Region/Branch *')).toHaveValue('Oman');
    expect(field('Phone Number')).toHaveAttribute('placeholder', '+971 XX XXX XXXX');
    expect(field('Company Location')).toHaveAttribute('placeholder', 'City, Country');
    expect(field('Your Inquiry *')).toHaveAttribute('rows', '5');
    expect(field('Your Inquiry *').getAttribute('placeholder')).toMatch(/describe your requirements/);
  });

  it('closing with X or the backdrop clears message, phone, company name and location', async () => {
    renderChat();
    await advance(500);
    await openInquiry();
    fireEvent.change(field('Your Inquiry *'), { target: { value: '200 m of 4 core cable' } });
    fireEvent.change(field('Phone Number'), { target: { value: '+971 50 123 4567' } });
    fireEvent.change(field('Company Name'), { target: { value: 'Gulf Builders' } });
    fireEvent.change(field('Company Location'), { target: { value: 'Dubai, UAE' } });
    fireEvent.change(field('Full Name *'), { target: { value: 'Aisha K.' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close inquiry form' }));
    expect(screen.queryByRole('dialog', { name: 'Send Inquiry' })).not.toBeInTheDocument();
    await openInquiry();
    expect(field('Your Inquiry *')).toHaveValue('');
    expect(field('Phone Number')).toHaveValue('');
    expect(field('Company Name')).toHaveValue('');
    expect(field('Company Location')).toHaveValue('');
    expect(field('Full Name *')).toHaveValue('Aisha K.');
    fireEvent.change(field('Your Inquiry *'), { target: { value: 'again' } });
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    await openInquiry();
    expect(field('Your Inquiry *')).toHaveValue('');
  });

  it('closes on submit; success: the thanks with the e-mail and 24 hours', async () => {
    renderChat();
    await advance(500);
    await openInquiry();
    fireEvent.change(field('Your Inquiry *'), { target: { value: ' 200 m of 4 core cable ' } });
    fireEvent.change(field('Company Name'), { target: { value: 'Gulf Builders' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit Inquiry' }));
    expect(screen.queryByRole('dialog', { name: 'Send Inquiry' })).not.toBeInTheDocument();
    await advance(500);
    expect(await requestsSentWithBodies()).toEqual([
      {
        request: `POST ${INQUIRY_API_PATH}`,
        body: {
          userName: 'Aisha',
          userEmail: 'aisha@example.com',
          userCountry: 'Oman',
          inquiryPhone: '',
          inquiryMessage: '200 m of 4 core cable',
          companyName: 'Gulf Builders',
          companyLocation: '',
        },
      },
    ]);
    expect(log()).toHaveTextContent(
      'Thank you, Aisha! Your inquiry has been sent successfully. Our team will reply to aisha@example.com within 24 hours. Is there anything else I can help you with?',
    );
    await openInquiry();
    expect(field('Your Inquiry *')).toHaveValue('');
  });

  it('closes on submit; failure: the spec apology with our e-mail and phone', async () => {
    server.use(
      http.post(INQUIRY_API_PATH, () => HttpResponse.json({ error: 'Internal server error' }, { status: 500 })),
    );
    renderChat();
    await advance(500);
    await openInquiry();
    fireEvent.change(field('Your Inquiry *'), { target: { value: 'Need glands' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit Inquiry' }));
    expect(screen.queryByRole('dialog', { name: 'Send Inquiry' })).not.toBeInTheDocument();
    await advance(500);
    expect(log()).toHaveTextContent(
      'Sorry Aisha, there was an issue sending your inquiry. Please try contacting us directly at info@crescent-electrical.example or call +971 4 347 1100.',
    );
    expect(warn).toHaveBeenCalled();
  });

  it('stays open with a message when a required field is blank or the e-mail is malformed', async () => {
    renderChat();
    await advance(500);
    await openInquiry();
    fireEvent.submit(within(dialog()).getByRole('button', { name: 'Submit Inquiry' }).closest('form')!);
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    // and under the field that lacks it (the profile filled the rest); the browser's bubbles are off
    expect(field('Your Inquiry *')).toHaveAccessibleDescription('Please fill in this field.');
    expect(field('Your Inquiry *')).toHaveFocus();
    expect(field('Full Name *')).not.toHaveAttribute('aria-invalid');
    expect(within(dialog()).getByRole('button', { name: 'Submit Inquiry' }).closest('form')).toHaveAttribute(
      'novalidate',
    );
    fireEvent.change(field('Your Inquiry *'), { target: { value: 'Need glands' } });
    fireEvent.change(field('Email Address *'), { target: { value: 'aisha@example' } });
    fireEvent.submit(within(dialog()).getByRole('button', { name: 'Submit Inquiry' }).closest('form')!);
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(requestsSent()).toEqual([]);
  });
});

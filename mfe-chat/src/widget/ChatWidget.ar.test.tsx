// The chat widget on an Arabic page: every text a visitor reads or hears is Arabic, the stored and sent
// values stay those of the data (branch names), and the assistant is asked for an Arabic answer.
import { CHAT_API_PATH, INQUIRY_API_PATH, REGISTRATION_API_PATH } from '@site/contracts/api';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSentWithBodies, server } from '@test/msw';
import { renderInSite, setViewportWidth } from '@test/render';
import { assistantAnswers, chatHandlers } from '../testing/handlers';
import { PROFILE_STORAGE_KEY } from '../welcome/visitorProfile';
import ChatWidget from './ChatWidget';
import { CHAT_PANEL_COOKIE } from './panelMemory';

const renderChat = (route = '/home') => renderInSite(<ChatWidget />, { route, locale: 'ar' });

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

const TITLE = 'مساعد الهلال';
const panel = () => screen.getByRole('dialog', { name: TITLE });
const log = () => screen.getByRole('log', { name: 'رسائل المحادثة' });
const input = () => screen.getByRole('textbox', { name: 'اكتب رسالتك' });

async function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.submit(input().closest('form')!);
  await advance(0);
}

const storeProfile = (userName = 'عائشة') =>
  localStorage.setItem(
    PROFILE_STORAGE_KEY,
    JSON.stringify({ userName, userEmail: 'aisha@example.com', userCountry: 'Oman', timestamp: '2025-01-05T09:05:00.000Z' }),
  );

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

let warn: jest.SpyInstance;
let error: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
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

describe('the panel in Arabic', () => {
  it('is the Arabic assistant: title, status and every button named in Arabic', async () => {
    renderChat();
    expect(panel()).toHaveTextContent('متصل الآن');
    fireEvent.click(within(panel()).getByRole('button', { name: 'تصغير نافذة المحادثة' }));
    fireEvent.click(screen.getByRole('button', { name: 'استعادة نافذة المحادثة' }));
    fireEvent.click(within(panel()).getByRole('button', { name: 'إغلاق المحادثة' }));
    fireEvent.click(screen.getByRole('button', { name: 'فتح المحادثة' }));
    expect(panel()).toBeInTheDocument();
  });

  it('on a phone: the round button restores the chat, with an Arabic note of an unread message', async () => {
    setViewportWidth(375);
    renderChat();
    const restore = screen.getByRole('button', { name: 'استعادة نافذة المحادثة' });
    await advance(500);
    expect(restore).toHaveAccessibleDescription('رسالة جديدة');
  });
});

describe('a new visitor in Arabic', () => {
  it('is greeted in Arabic and shown the welcome form in Arabic, with no English left', async () => {
    renderChat();
    await advance(400);
    expect(within(panel()).getByRole('status')).toHaveTextContent('مساعد الهلال يكتب الآن');
    await advance(100);
    expect(log()).toHaveTextContent('مرحبًا بك في الهلال للتجارة الكهربائية. أنا مساعد الهلال');
    expect(within(log()).getByText('الهلال للتجارة الكهربائية').tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { name: 'يُرجى التعريف بنفسك' })).toBeInTheDocument();
    expect(screen.getByLabelText('الاسم الكامل *')).toHaveAttribute('placeholder', 'أدخل اسمك الكامل');
    const email = screen.getByLabelText('البريد الإلكتروني *');
    expect(email).toHaveAttribute('placeholder', 'أدخل عنوان بريدك الإلكتروني');
    expect(email).toHaveAttribute('dir', 'ltr');
    const region = screen.getByLabelText('المنطقة أو الفرع الذي تودّ الاستفسار منه *');
    expect(within(region).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'اختر المنطقة أو الفرع'],
      ['Dubai', 'دبي'],
      ['Oman', 'عُمان (مكتب مسقط)'],
      ['Bahrain', 'البحرين (المستودع)'],
      ['Saudi Arabia', 'السعودية (عبر شركة شقيقة)'],
    ]);
    expect(screen.getByRole('button', { name: 'بدء المحادثة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ابدأ المحادثة مباشرةً' })).toBeInTheDocument();
    expect(panel()).toHaveTextContent('أو');
    // the time is the only thing in Western characters: digits
    expect(latinIn(panel())).toEqual([]);
  });

  it('an incomplete welcome form says what each field lacks in Arabic, never in the browser\'s language', async () => {
    renderChat();
    await advance(500);
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني *'), { target: { value: 'aisha@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'بدء المحادثة' }));
    expect(screen.getByRole('button', { name: 'بدء المحادثة' }).closest('form')).toHaveAttribute('novalidate');
    expect(screen.getByLabelText('الاسم الكامل *')).toHaveAccessibleDescription('يُرجى تعبئة هذا الحقل.');
    expect(screen.getByLabelText('الاسم الكامل *')).toHaveFocus();
    expect(screen.getByLabelText('البريد الإلكتروني *')).toHaveAccessibleDescription('يُرجى إدخال عنوان بريد إلكتروني صحيح، مثل name@example.com.');
    expect(screen.getByLabelText('المنطقة أو الفرع الذي تودّ الاستفسار منه *')).toHaveAccessibleDescription('يُرجى اختيار المنطقة أو الفرع.');
    expect(latinIn(panel(), /name@example\.com/g)).toEqual([]);
  });

  it('submitting the form registers the branch name of the data and thanks in Arabic', async () => {
    renderChat();
    await advance(500);
    fireEvent.change(screen.getByLabelText('الاسم الكامل *'), { target: { value: 'عائشة خان' } });
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني *'), { target: { value: 'aisha@example.com' } });
    fireEvent.change(screen.getByLabelText('المنطقة أو الفرع الذي تودّ الاستفسار منه *'), { target: { value: 'Bahrain' } });
    fireEvent.click(screen.getByRole('button', { name: 'بدء المحادثة' }));
    await advance(500);
    expect(await requestsSentWithBodies()).toEqual([
      { request: `POST ${REGISTRATION_API_PATH}`, body: { userName: 'عائشة خان', userEmail: 'aisha@example.com', userCountry: 'Bahrain' } },
    ]);
    expect(log()).toHaveTextContent('شكرًا لك، عائشة خان! كيف يمكنني مساعدتك اليوم؟');
    expect(screen.getByRole('button', { name: 'إرسال استفسار' })).toBeInTheDocument();
    expect(input()).toHaveAttribute('placeholder', 'اسأل عن المنتجات والعلامات التجارية والفروع...');
  });

  it('can just start chatting in Arabic: name, e-mail (retried), then the regions as Arabic buttons', async () => {
    renderChat();
    await advance(500);
    fireEvent.click(screen.getByRole('button', { name: 'ابدأ المحادثة مباشرةً' }));
    await advance(500);
    expect(log()).toHaveTextContent('يسعدني التحدث معك! بدايةً، ما اسمك؟');
    expect(input()).toHaveAttribute('placeholder', 'اكتب إجابتك...');
    await type('عمر');
    await advance(500);
    expect(log()).toHaveTextContent('تشرّفنا بمعرفتك، عمر! ما عنوان بريدك الإلكتروني؟');
    await type('omar at example');
    await advance(500);
    expect(log()).toHaveTextContent('يُرجى إدخال عنوان بريد إلكتروني صحيح حتى أتمكن من مساعدتك على نحو أفضل.');
    await type('omar@example.com');
    await advance(500);
    const options = screen.getByRole('group', { name: 'اختر المنطقة أو الفرع' });
    expect(within(options).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'دبي',
      'عُمان (مكتب مسقط)',
      'البحرين (المستودع)',
      'السعودية (عبر شركة شقيقة)',
    ]);
    fireEvent.click(within(options).getByRole('button', { name: 'السعودية (عبر شركة شقيقة)' }));
    await advance(0);
    expect(await requestsSentWithBodies()).toEqual([
      { request: `POST ${REGISTRATION_API_PATH}`, body: { userName: 'عمر', userEmail: 'omar@example.com', userCountry: 'Saudi Arabia' } },
    ]);
    await advance(1000);
    expect(log()).toHaveTextContent('شكرًا لك، عمر!');
    // the visitor's e-mail is the only Latin text of the conversation
    expect(latinIn(panel(), /omar@example\.com|omar at example/g)).toEqual([]);
  });
});

describe('the chat in Arabic', () => {
  beforeEach(() => storeProfile());

  it('welcomes back in Arabic and asks the assistant for an Arabic answer (language "ar")', async () => {
    renderChat();
    await advance(500);
    expect(log()).toHaveTextContent('مرحبًا بعودتك، عائشة!');
    server.use(assistantAnswers({ answer: 'نعم، لدينا **جلب الكابلات**: [جلب الكابلات الصناعية](/ar/our-products/industrial_cable_glands)', source: 'ai' }));
    await type('هل لديكم جلب كابلات؟');
    await advance(500);
    await type('cable glands?');
    await advance(500);
    const sent = await requestsSentWithBodies();
    expect(sent.map(({ body }) => body)).toEqual([
      { question: 'هل لديكم جلب كابلات؟', history: [], language: 'ar' },
      {
        question: 'cable glands?',
        history: [
          { role: 'user', parts: [{ text: 'هل لديكم جلب كابلات؟' }] },
          { role: 'model', parts: [{ text: 'نعم، لدينا **جلب الكابلات**: [جلب الكابلات الصناعية](/ar/our-products/industrial_cable_glands)' }] },
        ],
        language: 'ar',
      },
    ]);
    // an English question on the Arabic page reads left to right; the Arabic messages right to left
    expect(within(log()).getByText('cable glands?').closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(within(log()).getByText('هل لديكم جلب كابلات؟').closest('[dir]')).toHaveAttribute('dir', 'rtl');
  });

  it('follows a link of an Arabic answer inside the Arabic edition', async () => {
    renderChat('/home');
    await advance(500);
    server.use(assistantAnswers({ answer: 'انظر [جلب الكابلات الصناعية](/ar/our-products/industrial_cable_glands)' }));
    await type('جلب');
    await advance(500);
    const link = within(log()).getByRole('link', { name: 'جلب الكابلات الصناعية' });
    fireEvent.click(link);
    // the router of an Arabic page has the basename /ar: the route inside it is the English path
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/industrial_cable_glands');
  });

  it('apologises in Arabic, the phone number kept left to right', async () => {
    renderChat();
    await advance(500);
    server.use(http.post(CHAT_API_PATH, () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    await type('مرحبا؟');
    await advance(500);
    expect(log()).toHaveTextContent('نعتذر، نواجه حاليًا صعوبة في معالجة طلبك. يُرجى المحاولة مرة أخرى أو التواصل معنا مباشرةً على الرقم +971 4 347 1100.');
    const phone = within(log()).getByText('+971 4 347 1100');
    expect(phone.tagName).toBe('BDI');
    expect(phone).toHaveAttribute('dir', 'ltr');
  });
});

describe('the inquiry modal in Arabic', () => {
  beforeEach(() => storeProfile());

  const dialog = () => screen.getByRole('dialog', { name: 'إرسال استفسار' });
  const field = (label: string) => within(dialog()).getByLabelText(label);

  async function openInquiry() {
    fireEvent.click(screen.getByRole('button', { name: 'إرسال استفسار' }));
    await advance(0);
  }

  it('has Arabic labels, placeholders and buttons, prefilled from the profile', async () => {
    renderChat();
    await advance(500);
    await openInquiry();
    expect(field('الاسم الكامل *')).toHaveValue('عائشة');
    expect(field('البريد الإلكتروني *')).toHaveValue('aisha@example.com');
    expect(field('المنطقة/الفرع *')).toHaveValue('Oman');
    expect(within(field('المنطقة/الفرع *')).getByRole('option', { selected: true })).toHaveTextContent('عُمان (مكتب مسقط)');
    expect(field('رقم الهاتف')).toHaveAttribute('dir', 'ltr');
    expect(field('رقم الهاتف')).toHaveAttribute('placeholder', '+971 XX XXX XXXX');
    expect(field('اسم الشركة')).toHaveAttribute('placeholder', 'أدخل اسم شركتك');
    expect(field('موقع الشركة')).toHaveAttribute('placeholder', 'المدينة، الدولة');
    expect(field('استفسارك *')).toHaveAttribute('placeholder', 'يُرجى وصف متطلباتك: المنتجات، والكميات، والمواصفات...');
    expect(within(dialog()).getByRole('button', { name: 'إرسال الاستفسار' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'إغلاق نموذج الاستفسار' })).toBeInTheDocument();
    // Western characters: the visitor's e-mail and the phone number's example only
    expect(latinIn(dialog(), /aisha@example\.com|XX XXX XXXX/g)).toEqual([]);
  });

  it('shows its validation messages in Arabic', async () => {
    renderChat();
    await advance(500);
    await openInquiry();
    const form = () => within(dialog()).getByRole('button', { name: 'إرسال الاستفسار' }).closest('form')!;
    fireEvent.submit(form());
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'يُرجى تعبئة جميع الحقول المطلوبة (الاسم الكامل، البريد الإلكتروني، المنطقة/الفرع، الاستفسار)',
    );
    fireEvent.change(field('استفسارك *'), { target: { value: 'أحتاج 200 m من الكابل' } });
    fireEvent.change(field('البريد الإلكتروني *'), { target: { value: 'aisha@example' } });
    fireEvent.submit(form());
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('يُرجى إدخال عنوان بريد إلكتروني صحيح');
  });

  it('sent: the Arabic thanks with the e-mail; the payload holds the branch name of the data and the language', async () => {
    renderChat();
    await advance(500);
    await openInquiry();
    fireEvent.change(field('استفسارك *'), { target: { value: 'أحتاج 200 m من الكابل' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'إرسال الاستفسار' }));
    await advance(500);
    const [sent] = await requestsSentWithBodies();
    expect(sent).toEqual({
      request: `POST ${INQUIRY_API_PATH}`,
      body: {
        userName: 'عائشة',
        userEmail: 'aisha@example.com',
        userCountry: 'Oman',
        inquiryPhone: '',
        inquiryMessage: 'أحتاج 200 m من الكابل',
        companyName: '',
        companyLocation: '',
        // the branch's mail says the visitor wrote from the Arabic edition
        language: 'ar',
      },
    });
    expect(log()).toHaveTextContent(
      'شكرًا لك، عائشة! تم إرسال استفسارك بنجاح، وسيردّ فريقنا على aisha@example.com خلال 24 ساعة. هل يمكنني مساعدتك في أي شيء آخر؟',
    );
    expect(within(log()).getByText('aisha@example.com').tagName).toBe('BDI');
  });

  it('failed: the Arabic apology with our e-mail and phone, each left to right', async () => {
    server.use(http.post(INQUIRY_API_PATH, () => HttpResponse.json({ error: 'Internal server error' }, { status: 500 })));
    renderChat();
    await advance(500);
    await openInquiry();
    fireEvent.change(field('استفسارك *'), { target: { value: 'جلب كابلات' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'إرسال الاستفسار' }));
    await advance(500);
    expect(log()).toHaveTextContent(
      'عذرًا عائشة، حدثت مشكلة أثناء إرسال استفسارك. يُرجى التواصل معنا مباشرةً عبر البريد الإلكتروني info@crescent-electrical.example أو الاتصال على الرقم +971 4 347 1100.',
    );
    expect(within(log()).getByText('info@crescent-electrical.example')).toHaveAttribute('dir', 'ltr');
    expect(within(log()).getByText('+971 4 347 1100')).toHaveAttribute('dir', 'ltr');
  });
});

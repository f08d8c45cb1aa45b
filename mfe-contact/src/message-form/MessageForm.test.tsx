// The Send us a message form (/contact-us, /ar/contact-us): its cases run for each edition, with that edition's texts
// (on an Arabic page every label, check, success and failure text in Arabic, the e-mail of the failure text kept left
// to right, the page's language sent with the message); the English-only behaviour cases follow.
import { CONTACT_FORM_API_PATH } from '@site/contracts/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { branches } from '@site/content';
import { ARABIC_BRANCHES } from '../testing/handlers';
import { MessageForm } from './MessageForm';

const REQUIRED = 'Please fill in all required fields (Name, Email, Message)';
const BAD_EMAIL = 'Please enter a valid email address';
const WRONG_ANSWER = 'Incorrect answer to the equation. Please try again.';
const THANKS = "Thank you for your message! We'll get back to you within 24 hours.";
const failure = (email: string) => `Failed to send message. Please try again or contact us directly at ${email}`;

/** What the server answers a stored message. */
const stored = () => HttpResponse.json({ ok: true, id: 1 });

beforeEach(() => {
  server.use(http.post(CONTACT_FORM_API_PATH, stored));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** What each edition's form shows and sends: the same form, its texts in the page's language. */
const EDITIONS = [
  {
    locale: 'en' as const,
    branches,
    /** The fields' names (the visual ' *' of required fields is aria-hidden). */
    labels: {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      message: 'Message',
      companyName: 'Company Name',
      companyLocation: 'Company Location',
      humanCheck: '23 - 14 = ?',
    },
    country: 'Country',
    heading: 'Send us a message',
    send: 'Send Message',
    sending: 'Sending…',
    sendingLabel: 'Sending your message',
    honeypot: 'Leave this field empty',
    countries: ['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia'],
    required: REQUIRED,
    badEmail: BAD_EMAIL,
    wrongAnswer: WRONG_ANSWER,
    thanks: THANKS,
    failure,
    /** The right answer to the human check as this edition's visitor may type it. */
    answer: '9',
    values: {
      name: 'Aisha Rahman',
      companyName: 'Gulf Build LLC',
      companyLocation: 'Dubai, UAE',
      message: 'Please quote 200 cable glands.',
    },
    /** An English page sends no language: the server takes English by default. */
    sentLanguage: {},
  },
  {
    locale: 'ar' as const,
    branches: ARABIC_BRANCHES,
    // The human check: the equation isolated left to right (U+2066 … U+2069) inside the Arabic question.
    labels: {
      name: 'الاسم',
      email: 'البريد الإلكتروني',
      phone: 'رقم الهاتف',
      message: 'الرسالة',
      companyName: 'اسم الشركة',
      companyLocation: 'موقع الشركة',
      humanCheck: 'ما ناتج \u206623 - 14\u2069؟',
    },
    country: 'الدولة',
    heading: 'أرسل لنا رسالة',
    send: 'إرسال الرسالة',
    sending: 'جارٍ الإرسال…',
    sendingLabel: 'جارٍ إرسال رسالتك',
    honeypot: 'اترك هذا الحقل فارغًا',
    countries: ['دبي', 'عُمان', 'البحرين', 'المملكة العربية السعودية'],
    required: 'يُرجى تعبئة جميع الحقول المطلوبة (الاسم، البريد الإلكتروني، الرسالة)',
    badEmail: 'يُرجى إدخال عنوان بريد إلكتروني صحيح',
    wrongAnswer: 'إجابة المعادلة غير صحيحة. يُرجى المحاولة مرة أخرى.',
    thanks: 'شكرًا لتواصلك معنا! سنرد على رسالتك خلال 24 ساعة.',
    failure: (email: string) => `تعذّر إرسال الرسالة. يُرجى المحاولة مرة أخرى أو التواصل معنا مباشرةً على ${email}`,
    // typed with Arabic-Indic digits
    answer: '٩',
    values: {
      name: 'عائشة الرحمن',
      companyName: 'شركة الخليج للبناء',
      companyLocation: 'دبي',
      message: 'نرجو تزويدنا بعرض سعر لـ 200 جلبة كابل.',
    },
    sentLanguage: { language: 'ar' },
  },
];

describe.each(EDITIONS)('the Send us a message form in each edition ($locale)', (edition) => {
  const { labels } = edition;
  const renderForm = () =>
    renderInSite(<MessageForm branches={edition.branches} />, { route: '/contact-us', locale: edition.locale });
  const field = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const country = () => screen.getByRole<HTMLSelectElement>('combobox', { name: edition.country });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: edition.send }));
  const status = () => document.getElementById('message-form-status')!;

  function fillValid() {
    type(labels.name, edition.values.name);
    type(labels.email, 'aisha@example.com');
    type(labels.phone, '+971 50 123 4567');
    type(labels.companyName, edition.values.companyName);
    type(labels.companyLocation, edition.values.companyLocation);
    type(labels.message, edition.values.message);
    type(labels.humanCheck, '9');
  }

  it('keeps a name of 70 vocalised Arabic letters whole (characters as the server counts them) and cuts at 100', () => {
    const letters = (count: number) =>
      Array.from({ length: count }, (_, i) => `${'بتثجحخدذرزسشصضطظعغفقكلمنهوي'[i % 27]}\u0651\u064E`).join('');
    renderForm();
    expect(field(labels.name)).not.toHaveAttribute('maxlength'); // UTF-16 units: 210 for these 70 letters
    type(labels.name, letters(70));
    expect(field(labels.name)).toHaveValue(letters(70));
    type(labels.name, letters(101));
    expect(field(labels.name)).toHaveValue(letters(100));
  });

  it("has the edition's heading, labels, button and country names; the countries keep the names the server knows", () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 2, name: edition.heading })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: edition.heading })).toBeInTheDocument();
    for (const label of Object.values(labels)) expect(field(label)).toBeInTheDocument();
    expect(screen.getByLabelText(`${labels.name} *`)).toBe(field(labels.name));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(edition.countries);
    expect(screen.getAllByRole<HTMLOptionElement>('option').map((option) => option.value)).toEqual([
      'Dubai',
      'Oman',
      'Bahrain',
      'Saudi Arabia',
    ]);
    expect(country()).toHaveValue('Dubai');
    // e-mail and phone are typed left to right; free text follows what is typed
    expect(field(labels.email)).toHaveAttribute('dir', 'ltr');
    expect(field(labels.phone)).toHaveAttribute('dir', 'ltr');
    expect(field(labels.message)).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('button', { name: edition.send })).toBeEnabled();
    if (edition.locale === 'ar')
      expect(document.body.textContent).not.toMatch(
        /Send us a message|Send Message|Company Name|Leave this field empty/,
      );
    expect(document.getElementById('contact-website')!.closest('label')).toHaveTextContent(edition.honeypot);
  });

  it("shows each check in the edition's language, in the spec order, sending nothing", () => {
    renderForm();
    type(labels.email, 'not-an-email');
    type(labels.humanCheck, '5');
    submit();
    expect(status()).toHaveTextContent(edition.required);
    type(labels.name, edition.values.name);
    type(labels.message, edition.values.message);
    submit();
    expect(status()).toHaveTextContent(edition.badEmail);
    type(labels.email, 'aisha@example.com');
    submit();
    expect(status()).toHaveTextContent(edition.wrongAnswer);
    expect(status()).toHaveAttribute('data-type', 'error');
    expect(requestsSent()).toEqual([]);
  });

  it("takes the answer as the edition's visitor types it, sends the page language (if not English) and the branch name, then thanks", async () => {
    renderForm();
    fillValid();
    type(labels.humanCheck, edition.answer);
    fireEvent.change(country(), { target: { value: 'Oman' } });
    submit();
    expect(screen.getByRole('button', { name: edition.sending })).toBeDisabled();
    expect(screen.getByText(edition.sendingLabel)).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent(edition.thanks));
    expect(status()).toHaveAttribute('data-type', 'success');
    expect((await requestsSentWithBodies())[0]?.body).toEqual({
      name: edition.values.name,
      email: 'aisha@example.com',
      phone: '+971 50 123 4567',
      message: edition.values.message,
      country: 'Oman',
      companyName: edition.values.companyName,
      companyLocation: edition.values.companyLocation,
      website: '',
      ...edition.sentLanguage,
    });
    for (const label of Object.values(labels)) expect(field(label)).toHaveValue('');
    expect(country()).toHaveValue('Dubai');
  });

  it.each([
    ['400', () => HttpResponse.json({ error: 'name contains characters that are not allowed' }, { status: 400 })],
    ['413', () => HttpResponse.json({ error: 'The request body is too large: the limit is 16 KB' }, { status: 413 })],
    [
      '415',
      () => HttpResponse.json({ error: 'Send the form as JSON (Content-Type: application/json)' }, { status: 415 }),
    ],
    ['429', () => HttpResponse.json({ error: 'Too many requests, please try again in a minute.' }, { status: 429 })],
    ['500', () => HttpResponse.json({ error: 'Internal server error' }, { status: 500 })],
    [
      '503',
      () =>
        HttpResponse.json(
          { error: 'Your submission could not be saved right now. Please try again in a few minutes.' },
          { status: 503 },
        ),
    ],
    ['a network error', () => HttpResponse.error()],
  ])(
    "a %s answer shows the edition's failure text with the branch e-mail left to right, keeping every field",
    async (_what, answer) => {
      server.use(http.post(CONTACT_FORM_API_PATH, answer));
      renderForm();
      fillValid();
      fireEvent.change(country(), { target: { value: 'Bahrain' } });
      submit();
      await waitFor(() => expect(status()).toHaveTextContent(edition.failure('bahrain@crescent-electrical.example')));
      const address = status().querySelector('bdi')!;
      expect(address).toHaveAttribute('dir', 'ltr');
      expect(address).toHaveTextContent(/^bahrain@crescent-electrical\.example$/);
      // no English sentence from the server
      if (edition.locale === 'ar') expect(status().textContent).not.toMatch(/[A-Za-z]{3,} [A-Za-z]{3,}/);
      expect(field(labels.name)).toHaveValue(edition.values.name);
      expect(country()).toHaveValue('Bahrain');
      expect(screen.getByRole('button', { name: edition.send })).toBeEnabled();
    },
  );

  it('a second submit clears the earlier error while it sends', async () => {
    let respond: (response: Response) => void = () => undefined;
    server.use(http.post(CONTACT_FORM_API_PATH, () => new Promise<Response>((resolve) => (respond = resolve))));
    renderForm();
    fillValid();
    type(labels.email, 'bad');
    submit();
    expect(status()).toHaveTextContent(edition.badEmail);
    type(labels.email, 'aisha@example.com');
    submit();
    expect(status()).toBeEmptyDOMElement();
    await waitFor(() => expect(requestsSent()).toHaveLength(1));
    await act(async () => respond(HttpResponse.json({ ok: true, id: 2 })));
    expect(status()).toHaveTextContent(edition.thanks);
  });
});

function renderForm() {
  renderInSite(<MessageForm branches={branches} />, { route: '/contact-us' });
}

/** By accessible name: the visual ' *' of required fields is aria-hidden (they carry aria-required). */
const field = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
/** The form's live region (by id: it has no role, the page's spinners are the status regions). */
const status = () => document.getElementById('message-form-status')!;

function fillValid() {
  type('Name', 'Aisha Rahman');
  type('Email', 'aisha@example.com');
  type('Phone', '+971 50 123 4567');
  type('Company Name', 'Gulf Build LLC');
  type('Company Location', 'Dubai, UAE');
  type('Message', 'Please quote 200 cable glands.');
  type('23 - 14 = ?', '9');
}

describe('the Send us a message form', () => {
  it('has a heading, labelled fields, the human check and a polite live status region', () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Send us a message' })).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Phone', 'Message', 'Company Name', 'Company Location', '23 - 14 = ?']) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Name *')).toBe(field('Name')); // the label is tied to its input
    expect(field('Name')).toHaveAttribute('aria-required', 'true');
    expect(field('Phone')).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Dubai');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Dubai',
      'Oman',
      'Bahrain',
      'Saudi Arabia',
    ]);
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('form', { name: 'Send us a message' })).toBeInTheDocument();
    expect(status()).toBeEmptyDOMElement();
  });

  it('hides the honeypot from people: out of the accessibility tree and the tab order', () => {
    renderForm();
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
    const trap = document.getElementById('contact-website')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  describe('checks in the spec order, sending nothing until all pass', () => {
    it('1. required fields first, even when everything else is wrong too', () => {
      renderForm();
      type('Email', 'not-an-email');
      type('23 - 14 = ?', '5');
      submit();
      expect(status()).toHaveTextContent(REQUIRED);
      type('Name', 'Aisha');
      type('Message', '   ');
      submit();
      expect(status()).toHaveTextContent(REQUIRED);
      expect(requestsSent()).toEqual([]);
    });

    it('2. then the e-mail pattern, before the human check', () => {
      renderForm();
      type('Name', 'Aisha');
      type('Message', 'Hello');
      type('23 - 14 = ?', '5');
      for (const bad of ['aisha', 'aisha@example', 'ai sha@example.com']) {
        type('Email', bad);
        submit();
        expect(status()).toHaveTextContent(BAD_EMAIL);
      }
      expect(requestsSent()).toEqual([]);
    });

    it('3. then the human check: 9 as typed, spaces allowed', () => {
      renderForm();
      fillValid();
      for (const wrong of ['', '8', 'nine', '09']) {
        type('23 - 14 = ?', wrong);
        submit();
        expect(status()).toHaveTextContent(WRONG_ANSWER);
      }
      expect(requestsSent()).toEqual([]);
      type('23 - 14 = ?', ' 9 ');
      submit();
      expect(requestsSent()).toEqual([`POST ${CONTACT_FORM_API_PATH}`]);
    });
  });

  it('posts the form (without the human check) to the same-origin URL, disables submit while sending, then thanks and clears every field', async () => {
    let respond: (response: Response) => void = () => undefined;
    let contentType: string | null = null;
    server.use(
      http.post(CONTACT_FORM_API_PATH, ({ request }) => {
        contentType = request.headers.get('content-type');
        return new Promise<Response>((resolve) => (respond = resolve));
      }),
    );
    renderForm();
    fillValid();
    type('Email', 'bad');
    submit();
    expect(status()).toHaveTextContent(BAD_EMAIL);
    type('Email', 'aisha@example.com');
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'Oman' } });
    submit();

    expect(status()).toBeEmptyDOMElement(); // the earlier error is cleared
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(screen.getByText('Sending your message')).toBeInTheDocument();
    expect(CONTACT_FORM_API_PATH).toBe('/api/send-contact-form');
    expect(requestsSent()).toEqual([`POST ${CONTACT_FORM_API_PATH}`]);
    await waitFor(() => expect(contentType).toBe('application/json'));
    expect((await requestsSentWithBodies())[0]?.body).toEqual({
      name: 'Aisha Rahman',
      email: 'aisha@example.com',
      phone: '+971 50 123 4567',
      message: 'Please quote 200 cable glands.',
      country: 'Oman',
      companyName: 'Gulf Build LLC',
      companyLocation: 'Dubai, UAE',
      website: '',
    });

    await act(async () => respond(stored()));
    expect(status()).toHaveTextContent(THANKS);
    for (const label of ['Name', 'Email', 'Phone', 'Message', 'Company Name', 'Company Location', '23 - 14 = ?']) {
      expect(field(label)).toHaveValue('');
    }
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Dubai');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("a non-ok answer shows the failure text with the chosen branch's e-mail and keeps every field", async () => {
    server.use(
      http.post(CONTACT_FORM_API_PATH, () => HttpResponse.json({ error: 'Internal server error' }, { status: 500 })),
    );
    renderForm();
    fillValid();
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'Bahrain' } });
    submit();
    await waitFor(() => expect(status()).toHaveTextContent(failure('bahrain@crescent-electrical.example')));
    expect(field('Name')).toHaveValue('Aisha Rahman');
    expect(field('Message')).toHaveValue('Please quote 200 cable glands.');
    expect(field('23 - 14 = ?')).toHaveValue('9');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Bahrain');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('Internal server error'));
  });

  it('a network error (or a 429) shows the same failure text, with the Dubai address by default', async () => {
    server.use(http.post(CONTACT_FORM_API_PATH, () => HttpResponse.error()));
    renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(status()).toHaveTextContent(failure('dubai@crescent-electrical.example')));
    expect(field('Email')).toHaveValue('aisha@example.com');

    server.use(
      http.post(CONTACT_FORM_API_PATH, () =>
        HttpResponse.json({ error: 'Too many requests, please try again in a minute.' }, { status: 429 }),
      ),
    );
    submit();
    await waitFor(() => expect(requestsSent()).toHaveLength(2));
    await waitFor(() => expect(status()).toHaveTextContent(failure('dubai@crescent-electrical.example')));
  });

  it('an English page sends no language field: the server takes English by default (and an older server knows no such field)', async () => {
    renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(status()).toHaveTextContent(THANKS));
    expect((await requestsSentWithBodies())[0]?.body).not.toHaveProperty('language');
    expect(status().querySelector('bdi')).toBeNull();
  });

  it('sends what a bot put into the honeypot, so the server can flag it', async () => {
    renderForm();
    fillValid();
    fireEvent.change(document.getElementById('contact-website')!, { target: { value: 'http://spam.example' } });
    submit();
    await waitFor(() => expect(status()).toHaveTextContent(THANKS));
    expect((await requestsSentWithBodies())[0]?.body).toMatchObject({ website: 'http://spam.example' });
  });
});

// The form on an Arabic page (/ar/contact-us): every label, check, success and failure text in Arabic, the e-mail in
// the failure text kept left to right, and the page's language sent with the message.
import { CONTACT_FORM_API_PATH } from '@site/contracts/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { ARABIC_BRANCHES } from '../testing/handlers';
import { MessageForm } from './MessageForm';

const REQUIRED = 'يُرجى تعبئة جميع الحقول المطلوبة (الاسم، البريد الإلكتروني، الرسالة)';
const BAD_EMAIL = 'يُرجى إدخال عنوان بريد إلكتروني صحيح';
const WRONG_ANSWER = 'إجابة المعادلة غير صحيحة. يُرجى المحاولة مرة أخرى.';
const THANKS = 'شكرًا لتواصلك معنا! سنرد على رسالتك خلال 24 ساعة.';
const failure = (email: string) => `تعذّر إرسال الرسالة. يُرجى المحاولة مرة أخرى أو التواصل معنا مباشرةً على ${email}`;
/** The human check: the equation isolated left to right (U+2066 … U+2069) inside the Arabic question. */
const HUMAN_CHECK = 'ما ناتج \u206623 - 14\u2069؟';
const LABELS = ['الاسم', 'البريد الإلكتروني', 'رقم الهاتف', 'الرسالة', 'اسم الشركة', 'موقع الشركة', HUMAN_CHECK];

beforeEach(() => {
  server.use(http.post(CONTACT_FORM_API_PATH, () => HttpResponse.json({ ok: true, id: 1 })));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const renderForm = () => renderInSite(<MessageForm branches={ARABIC_BRANCHES} />, { route: '/contact-us', locale: 'ar' });

const field = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const country = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'الدولة' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
const status = () => document.getElementById('message-form-status')!;

function fillValid() {
  type('الاسم', 'عائشة الرحمن');
  type('البريد الإلكتروني', 'aisha@example.com');
  type('رقم الهاتف', '+971 50 123 4567');
  type('اسم الشركة', 'شركة الخليج للبناء');
  type('موقع الشركة', 'دبي');
  type('الرسالة', 'نرجو تزويدنا بعرض سعر لـ 200 جلبة كابل.');
  type(HUMAN_CHECK, '9');
}

describe('the Send us a message form on an Arabic page', () => {
  it('has an Arabic heading, labels, button and country names; the countries keep the names the server knows', () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 2, name: 'أرسل لنا رسالة' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'أرسل لنا رسالة' })).toBeInTheDocument();
    for (const label of LABELS) expect(field(label)).toBeInTheDocument();
    expect(screen.getByLabelText('الاسم *')).toBe(field('الاسم'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['دبي', 'عُمان', 'البحرين', 'المملكة العربية السعودية']);
    expect(screen.getAllByRole<HTMLOptionElement>('option').map((option) => option.value)).toEqual(['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia']);
    expect(country()).toHaveValue('Dubai');
    // e-mail and phone are typed left to right; free text follows what is typed
    expect(field('البريد الإلكتروني')).toHaveAttribute('dir', 'ltr');
    expect(field('رقم الهاتف')).toHaveAttribute('dir', 'ltr');
    expect(field('الرسالة')).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('button', { name: 'إرسال الرسالة' })).toBeEnabled();
    expect(document.body.textContent).not.toMatch(/Send us a message|Send Message|Company Name|Leave this field empty/);
    expect(document.getElementById('contact-website')!.closest('label')).toHaveTextContent('اترك هذا الحقل فارغًا');
  });

  it('shows each check in Arabic, in the spec order, sending nothing', () => {
    renderForm();
    type('البريد الإلكتروني', 'not-an-email');
    type(HUMAN_CHECK, '5');
    submit();
    expect(status()).toHaveTextContent(REQUIRED);
    type('الاسم', 'عائشة');
    type('الرسالة', 'مرحبا');
    submit();
    expect(status()).toHaveTextContent(BAD_EMAIL);
    type('البريد الإلكتروني', 'aisha@example.com');
    submit();
    expect(status()).toHaveTextContent(WRONG_ANSWER);
    expect(status()).toHaveAttribute('data-type', 'error');
    expect(requestsSent()).toEqual([]);
  });

  it('takes the answer typed with Arabic-Indic digits, sends the page language and the branch name, then thanks in Arabic', async () => {
    renderForm();
    fillValid();
    type(HUMAN_CHECK, '٩');
    fireEvent.change(country(), { target: { value: 'Oman' } });
    submit();
    expect(screen.getByRole('button', { name: 'جارٍ الإرسال…' })).toBeDisabled();
    expect(screen.getByText('جارٍ إرسال رسالتك')).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent(THANKS));
    expect(status()).toHaveAttribute('data-type', 'success');
    expect((await requestsSentWithBodies())[0]?.body).toEqual({
      name: 'عائشة الرحمن',
      email: 'aisha@example.com',
      phone: '+971 50 123 4567',
      message: 'نرجو تزويدنا بعرض سعر لـ 200 جلبة كابل.',
      country: 'Oman',
      companyName: 'شركة الخليج للبناء',
      companyLocation: 'دبي',
      website: '',
      language: 'ar',
    });
    for (const label of LABELS) expect(field(label)).toHaveValue('');
    expect(country()).toHaveValue('Dubai');
  });

  it.each([
    ['400', () => HttpResponse.json({ error: 'name contains characters that are not allowed' }, { status: 400 })],
    ['413', () => HttpResponse.json({ error: 'The request body is too large: the limit is 16 KB' }, { status: 413 })],
    ['415', () => HttpResponse.json({ error: 'Send the form as JSON (Content-Type: application/json)' }, { status: 415 })],
    ['429', () => HttpResponse.json({ error: 'Too many requests, please try again in a minute.' }, { status: 429 })],
    ['500', () => HttpResponse.json({ error: 'Internal server error' }, { status: 500 })],
    ['503', () => HttpResponse.json({ error: 'Your submission could not be saved right now. Please try again in a few minutes.' }, { status: 503 })],
    ['a network error', () => HttpResponse.error()],
  ])('a %s answer shows the Arabic failure text with the branch e-mail left to right, keeping every field', async (_what, answer) => {
    server.use(http.post(CONTACT_FORM_API_PATH, answer));
    renderForm();
    fillValid();
    fireEvent.change(country(), { target: { value: 'Bahrain' } });
    submit();
    await waitFor(() => expect(status()).toHaveTextContent(failure('bahrain@crescent-electrical.example')));
    const address = status().querySelector('bdi')!;
    expect(address).toHaveAttribute('dir', 'ltr');
    expect(address).toHaveTextContent(/^bahrain@crescent-electrical\.example$/);
    expect(status().textContent).not.toMatch(/[A-Za-z]{3,} [A-Za-z]{3,}/); // no English sentence from the server
    expect(field('الاسم')).toHaveValue('عائشة الرحمن');
    expect(country()).toHaveValue('Bahrain');
    expect(screen.getByRole('button', { name: 'إرسال الرسالة' })).toBeEnabled();
  });

  it('a second submit clears the earlier Arabic error while it sends', async () => {
    let respond: (response: Response) => void = () => undefined;
    server.use(http.post(CONTACT_FORM_API_PATH, () => new Promise<Response>((resolve) => (respond = resolve))));
    renderForm();
    fillValid();
    type('البريد الإلكتروني', 'bad');
    submit();
    expect(status()).toHaveTextContent(BAD_EMAIL);
    type('البريد الإلكتروني', 'aisha@example.com');
    submit();
    expect(status()).toBeEmptyDOMElement();
    await waitFor(() => expect(requestsSent()).toHaveLength(1));
    await act(async () => respond(HttpResponse.json({ ok: true, id: 2 })));
    expect(status()).toHaveTextContent(THANKS);
  });
});

import { CONTACT_FORM_API_PATH } from '@site/contracts/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { branches } from '@site/content';
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
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia']);
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
    server.use(http.post(CONTACT_FORM_API_PATH, () => HttpResponse.json({ error: 'Internal server error' }, { status: 500 })));
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

    server.use(http.post(CONTACT_FORM_API_PATH, () => HttpResponse.json({ error: 'Too many requests, please try again in a minute.' }, { status: 429 })));
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

  it('keeps the e-mail of the failure text left to right (the same text on an English page)', async () => {
    server.use(http.post(CONTACT_FORM_API_PATH, () => HttpResponse.json({ error: 'x' }, { status: 400 })));
    renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(status()).toHaveTextContent(failure('dubai@crescent-electrical.example')));
    expect(status().querySelector('bdi')).toHaveAttribute('dir', 'ltr');
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

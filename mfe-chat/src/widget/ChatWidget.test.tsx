import { CHAT_API_PATH, INQUIRY_API_PATH, REGISTRATION_API_PATH } from '@site/contracts/api';
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
const advance = (ms: number) => act(async () => {
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
    JSON.stringify({ userName, userEmail: 'aisha@example.com', userCountry: 'Oman', timestamp: '2025-01-05T09:05:00.000Z' }),
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

describe('the panel', () => {
  it('is open by default, minimizes to a bar that restores it, and closes to the floating button', async () => {
    renderChat();
    expect(panel()).toHaveTextContent('Online');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Minimize chat' }));
    expect(screen.queryByRole('dialog', { name: 'Crescent Assistant' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Restore chat' }));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog', { name: 'Crescent Assistant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore chat' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(panel()).toBeInTheDocument();
  });
});

describe("the visitor's choice", () => {
  const rememberedPanel = () => new RegExp(`${CHAT_PANEL_COOKIE}=(\\w+)`).exec(document.cookie)?.[1];

  it.each([
    ['closed', 'Close chat'],
    ['minimized', 'Minimize chat'],
  ])('%s (%s) is remembered: the next page of the visit starts so, and Open chat is remembered too', async (choice, control) => {
    const first = renderChat();
    fireEvent.click(within(panel()).getByRole('button', { name: control }));
    expect(rememberedPanel()).toBe(choice);
    first.unmount();
    // the next page load: a new store, the same cookie
    renderChat('/about');
    expect(screen.queryByRole('dialog', { name: 'Crescent Assistant' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: 'Restore chat' })).toHaveLength(choice === 'minimized' ? 1 : 0);
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(rememberedPanel()).toBe('open');
    expect(panel()).toBeInTheDocument();
  });

  it('following a link on a phone minimizes the panel without remembering it as a choice', async () => {
    setViewportWidth(375);
    storeProfile();
    renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Restore chat' }));
    expect(rememberedPanel()).toBe('open');
    await advance(500);
    server.use(assistantAnswers({ answer: 'See [About Us](/about)' }));
    await type('about');
    await advance(500);
    fireEvent.click(within(log()).getByRole('link', { name: 'About Us' }));
    expect(screen.getByRole('button', { name: 'Restore chat' })).toBeInTheDocument();
    expect(rememberedPanel()).toBe('open');
  });
});

describe('on a phone (576 px or less)', () => {
  beforeEach(() => setViewportWidth(375));

  it('minimized is one round button, with a dot once the assistant has said something unread; no bar', async () => {
    renderChat();
    const restore = screen.getByRole('button', { name: 'Restore chat' });
    expect(screen.getAllByRole('button')).toEqual([restore]);
    expect(restore).not.toHaveAccessibleDescription();
    await advance(500); // the greeting arrives while minimized
    expect(restore).toHaveAccessibleDescription('New message');
    fireEvent.click(restore);
    expect(within(panel()).getByRole('log', { name: 'Chat messages' })).toHaveTextContent('Welcome to Crescent Electrical Trading');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Minimize chat' }));
    // read: no dot
    expect(screen.getByRole('button', { name: 'Restore chat' })).not.toHaveAccessibleDescription();
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
    expect(within(region).getAllByRole('option').map((o) => o.textContent)).toEqual([
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
    const [name, email, region] = [screen.getByLabelText('Full Name *'), screen.getByLabelText('Email Address *'), screen.getByLabelText('Region/Branch You Want to Inquire About *')];
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
      { request: `POST ${REGISTRATION_API_PATH}`, body: { userName: 'Aisha Khan', userEmail: 'aisha@example.com', userCountry: 'Bahrain' } },
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
    expect(within(options).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Dubai',
      'Oman (Muscat Office)',
      'Bahrain (Warehouse)',
      'Saudi (through an associated company)',
    ]);
    fireEvent.click(within(options).getByRole('button', { name: 'Saudi (through an associated company)' }));
    await advance(0);
    expect(screen.queryByRole('group', { name: 'Choose your region/branch' })).not.toBeInTheDocument();
    expect(await requestsSentWithBodies()).toEqual([
      { request: `POST ${REGISTRATION_API_PATH}`, body: { userName: 'Omar', userEmail: 'omar@example.com', userCountry: 'Saudi Arabia' } },
    ]);
    expect(JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY)!)).toMatchObject({ userName: 'Omar', userCountry: 'Saudi Arabia' });
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
    const history = ((await requestsSentWithBodies())[1]?.body as { history: { role: string; parts: { text: string }[] }[] }).history;
    expect(history[1]?.role).toBe('model');
    expect(history[1]?.parts[0]?.text === 'x'.repeat(3_999)).toBe(true);
  });

  it('renders links of an answer as in-app navigation and bold as bold', async () => {
    renderChat('/home');
    await advance(500);
    server.use(
      assistantAnswers({
        answer: "⚠️ AI service temporarily unavailable. Here's basic information:\n\n**Glands**: see [Industrial Cable Glands](/our-products/industrial_cable_glands)",
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
    fireEvent.click(screen.getByRole('button', { name: 'Restore chat' }));
    server.use(assistantAnswers({ answer: 'See [Contact Us](/contact-us)' }));
    await type('contact');
    await advance(500);
    fireEvent.click(within(log()).getByRole('link', { name: 'Contact Us' }));
    expect(currentPath()).toHaveTextContent('/contact-us');
    expect(screen.getByRole('button', { name: 'Restore chat' })).toBeInTheDocument();
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
    const payload = '<script>window.hacked=1</script><img src=x onerror="window.hacked=1"> [click](javascript:alert(1)) [x](https://evil.example)';
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
    server.use(http.post(INQUIRY_API_PATH, () => HttpResponse.json({ error: 'Internal server error' }, { status: 500 })));
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
    expect(within(dialog()).getByRole('button', { name: 'Submit Inquiry' }).closest('form')).toHaveAttribute('novalidate');
    fireEvent.change(field('Your Inquiry *'), { target: { value: 'Need glands' } });
    fireEvent.change(field('Email Address *'), { target: { value: 'aisha@example' } });
    fireEvent.submit(within(dialog()).getByRole('button', { name: 'Submit Inquiry' }).closest('form')!);
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(requestsSent()).toEqual([]);
  });
});

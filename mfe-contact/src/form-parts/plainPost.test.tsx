// The contact remote's forms as the server draws them in answer to a plain form post (its first view's data load reads
// the post's outcome: postedForm.ts), and as the browser then takes them over: the request page's "Request sent" or its
// form as posted with why it was not sent, the message form's status; what a visitor typed before the page's scripts
// started kept through hydration (not written over by the form's state) and sent by the scripted form.
import type { ReactElement } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import { requestsSentWithBodies, server } from '@test/msw';
import { renderInSite, testI18n } from '@test/render';
import { branches } from '@site/content';
import { CONTACT_FORM_API_PATH, FORM_POST_OUTCOME_PATH, FORM_POST_PARAM } from '@site/contracts/api';
import type { PostedMessageForm } from '@site/contracts/forms-api';
import type { PostedQuoteForm } from '@site/contracts/quote-api';
import {
  makeStore,
  quoteBasketRestored,
  selectQuoteLines,
  serverStateArrived,
  SiteI18nProvider,
  type AppStore,
} from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { MessageForm } from '../message-form';
import QuoteRequestPage from '../quote-request/QuoteRequestPage';
import { productHandlers } from '../testing/handlers';
import { loadPostedForm } from './postedForm';

beforeEach(() => {
  server.use(
    ...productHandlers,
    http.post(CONTACT_FORM_API_PATH, () => HttpResponse.json({ ok: true, id: 1 })),
  );
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** A store as the server's drawing of the page has it: the post's outcome read through its first view's load. */
async function drawnStore(posted: PostedMessageForm | PostedQuoteForm): Promise<AppStore> {
  const store = makeStore(undefined, {
    // the outcome as the server's drawing answers it; the rest as in the browser (the catalogue's look-up)
    fetch: async (input, init) => (input === FORM_POST_OUTCOME_PATH ? HttpResponse.json(posted) : fetch(input, init)),
  });
  await loadPostedForm({ dispatch: store.dispatch, params: { [FORM_POST_PARAM]: '' }, locale: 'en' });
  return store;
}

const QUOTE_VALUES = {
  companyName: 'Gulf Build LLC',
  name: 'Aisha Rahman',
  email: 'aisha@example.com',
  phone: '+971 50 123 4567',
  branch: 'Oman',
  deliveryCity: 'Sohar',
  neededBy: '',
  notes: 'Two deliveries.',
  answer: '8',
  website: '',
};

test('a drawing that answers no post asks for no outcome: its store has none', async () => {
  const asked: string[] = [];
  const store = makeStore(undefined, {
    fetch: async (input) => (
      asked.push(typeof input === 'string' ? input : 'a request'), new Response('Not found', { status: 404 })
    ),
  });
  await loadPostedForm({ dispatch: store.dispatch, params: {}, locale: 'en' });
  expect(asked).toEqual([]);
});

test('"Request sent" drawn from a plain post the server took: the reference, the lines named, the details, the PDF', async () => {
  const store = await drawnStore({
    form: 'quote',
    outcome: 'sent',
    sent: {
      reference: 'RFQ-OM-2026-000042',
      pdfUrl: '/api/quote-requests/RFQ-OM-2026-000042.pdf?key=abc',
      lines: [
        {
          productId: 'hex_cw_brass_cable_gland',
          code: 'HEX-CW-25',
          name: 'CW Brass Cable Gland',
          nameAr: 'جلبة',
          label: 'Size 25 (M25)',
          labelAr: 'المقاس 25',
          unit: 'piece',
          quantity: 40,
        },
      ],
      values: {
        companyName: 'Gulf Build LLC',
        name: 'Aisha Rahman',
        email: 'aisha@example.com',
        phone: '+971 50 123 4567',
        branch: 'Oman',
        deliveryCity: '',
        neededBy: '',
        notes: '',
      },
    },
  });
  renderInSite(<QuoteRequestPage />, { route: '/request-quote', store });
  expect(screen.getByRole('heading', { name: 'Request sent' })).toBeInTheDocument();
  expect(screen.getByText(/Your reference is/)).toHaveTextContent('Your reference is RFQ-OM-2026-000042.');
  const table = screen.getByRole('table');
  expect(within(table).getByText('CW Brass Cable Gland – Size 25 (M25)')).toBeInTheDocument();
  expect(within(table).getByText('40 pieces')).toBeInTheDocument();
  expect(screen.getByText('Branch').nextElementSibling).toHaveTextContent('Oman');
  expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    '/api/quote-requests/RFQ-OM-2026-000042.pdf?key=abc',
  );
  expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
});

test('the request form drawn from a plain post not sent: everything as posted, why, and the list lines refused', async () => {
  const store = await drawnStore({
    form: 'quote',
    outcome: 'notSent',
    why: { type: 'invalid', problem: 'badList' },
    values: QUOTE_VALUES,
    pastedList: 'OC-SWA-416 200\nNO-SUCH 5\nHEX-CW-25 2.5',
    list: {
      unrecognised: ['NO-SUCH 5'],
      refused: [{ text: 'HEX-CW-25 2.5', unit: 'piece', problem: 'notWhole' }],
      overLimit: [],
    },
  });
  renderInSite(<QuoteRequestPage />, { route: '/request-quote', store });
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Please correct the lines of your list that were not accepted, then send again.',
  );
  expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('Gulf Build LLC');
  expect(screen.getByRole('textbox', { name: 'Delivery city' })).toHaveValue('Sohar');
  expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('Oman');
  expect(screen.getByRole('textbox', { name: '23 - 14 = ?' })).toHaveValue('8');
  const paste = screen.getByRole('form', { name: 'Paste a list' });
  expect(within(paste).getByRole('textbox', { name: 'Paste a list' })).toHaveValue(
    'OC-SWA-416 200\nNO-SUCH 5\nHEX-CW-25 2.5',
  );
  const outcome = within(paste).getByRole('status');
  expect(outcome).toHaveTextContent('Not recognised:NO-SUCH 5');
  expect(outcome).toHaveTextContent('Quantity not accepted:HEX-CW-25 2.5:');
  // the box belongs to the request form too: a plain post carries the list
  expect(within(paste).getByRole('textbox', { name: 'Paste a list' })).toHaveAttribute('form', 'quote-form');
  expect(screen.getByRole('button', { name: 'Send request' }).closest('form')).toHaveAttribute(
    'action',
    '/request-quote',
  );
});

test('once the page has started, a posted list joins the basket as "Add from list" adds it, and the scripted form sends the basket', async () => {
  const store = await drawnStore({
    form: 'quote',
    outcome: 'notSent',
    why: { type: 'invalid', problem: 'wrongAnswer' },
    values: QUOTE_VALUES,
    pastedList: 'OC-SWA-416 200',
    list: null,
  });
  renderInSite(<QuoteRequestPage />, { route: '/request-quote', store });
  expect(screen.getByRole('alert')).toHaveTextContent('Incorrect answer to the equation. Please try again.');
  // the stored basket is read (empty): then the list's line is added
  act(() => void store.dispatch(quoteBasketRestored([])));
  await waitFor(() =>
    expect(selectQuoteLines(store.getState()).map((line) => [line.code, line.quantity])).toEqual([['OC-SWA-416', 200]]),
  );
  expect(screen.getByRole('textbox', { name: 'Paste a list' })).toHaveValue('');
  expect(screen.getByText('Added 1 product from your list.')).toBeInTheDocument();
});

/** The message form as the site hosts it, for drawing on the "server" and hydrating in the "browser". */
const messageTree = (store: AppStore): ReactElement => (
  <SiteI18nProvider i18n={testI18n('en')}>
    <Provider store={store}>
      <ThemeRoot>
        <MemoryRouter initialEntries={['/contact-us']}>
          <MessageForm branches={branches} />
        </MemoryRouter>
      </ThemeRoot>
    </Provider>
  </SiteI18nProvider>
);

test('the message form drawn from a plain post: its status (a check, the failure with its branch, the thanks) and its fields', async () => {
  const values = {
    name: 'Omar',
    email: 'omar@example',
    phone: '',
    message: 'Hello',
    country: 'Bahrain',
    companyName: '',
    companyLocation: '',
    answer: '9',
    website: '',
  };
  const invalid = renderInSite(<MessageForm branches={branches} />, {
    store: await drawnStore({ form: 'message', outcome: 'invalid', problem: 'invalidEmail', values }),
  });
  expect(document.getElementById('message-form-status')).toHaveTextContent('Please enter a valid email address');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('omar@example');
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Bahrain');
  invalid.unmount();

  const failed = renderInSite(<MessageForm branches={branches} />, {
    store: await drawnStore({ form: 'message', outcome: 'failed', values }),
  });
  expect(document.getElementById('message-form-status')).toHaveTextContent(
    `Failed to send message. Please try again or contact us directly at ${branches.find((branch) => branch.name === 'Bahrain')!.email}`,
  );
  failed.unmount();

  renderInSite(<MessageForm branches={branches} />, { store: await drawnStore({ form: 'message', outcome: 'sent' }) });
  expect(document.getElementById('message-form-status')).toHaveTextContent(
    "Thank you for your message! We'll get back to you within 24 hours.",
  );
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
});

test('what was typed before the page started is kept as it hydrates, and the scripted form sends it', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(messageTree(makeStore()));
  document.body.appendChild(container);
  // typed into the server's HTML while the scripts were on their way
  const typed = (id: string, value: string) => ((container.querySelector(`#${id}`) as HTMLInputElement).value = value);
  typed('contact-name', 'Typed Early');
  typed('contact-email', 'early@example.com');
  typed('contact-message', 'Before the scripts.');
  const root = await act(async () => hydrateRoot(container, messageTree(makeStore())));
  try {
    // a change elsewhere draws the form again: what was typed stays
    fireEvent.change(screen.getByRole('textbox', { name: '23 - 14 = ?' }), { target: { value: '9' } });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Typed Early');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(document.getElementById('message-form-status')).toHaveTextContent(
        "Thank you for your message! We'll get back to you within 24 hours.",
      ),
    );
    expect((await requestsSentWithBodies())[0]?.body).toMatchObject({
      name: 'Typed Early',
      email: 'early@example.com',
      message: 'Before the scripts.',
    });
  } finally {
    act(() => root.unmount());
    container.remove();
  }
});

test('the server state of a posted form reaches the browser store the page hydrates from', async () => {
  const drawn = await drawnStore({ form: 'message', outcome: 'sent' });
  const browser = makeStore();
  browser.dispatch(serverStateArrived({ postedForm: (drawn.getState() as Record<string, unknown>).postedForm }));
  renderInSite(<MessageForm branches={branches} />, { store: browser });
  expect(document.getElementById('message-form-status')).toHaveTextContent(
    "Thank you for your message! We'll get back to you within 24 hours.",
  );
});

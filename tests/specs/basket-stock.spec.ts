// Stock from the ERP where a buyer asks about it (docs/stock.md), end to end on a server of its own: an admin makes a
// stock token through the staff API, the ERP's feed arrives over HTTP with it, the request page's basket line shows
// "In stock" at the branch chosen (and the Muscat office's lead time when Oman is chosen), and the chat answers "do
// you have 20 mm brass glands in Dubai?" with the Dubai figures and the product's page.
import { STOCK_API } from '@site/contracts/stock-api';
import { test, expect, localOnly, waitUntilStarted } from '../support/fixtures';
import { nextChatAnswer, shownText } from '../support/chat-answers';
import { quoteProduct } from '../support/quote-basket';
import { addFromProductPage, ENGLISH } from '../support/quote-journey';
import { ADMIN, makeStockToken, startStaffSite, type StaffSite } from '../support/staff';

localOnly('starts a server of its own, makes a stock token and sends a feed');

const GLAND = quoteProduct('hex_cw_brass_cable_gland');
const CODE = 'HEX-CW-20';

let site: StaffSite;
let stockToken = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000); // a cold server start on a loaded machine, and the staff CLI's
  site = await startStaffSite([ADMIN]);
  stockToken = await makeStockToken(site.staffUrl);
  const incoming = `${new Date().getUTCFullYear() + 1}-12-12`;
  const feed = await fetch(`${site.url}${STOCK_API.feed}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${stockToken}`, 'content-type': 'text/csv' },
    body: `code;location;on_hand;incoming;incoming_date;lead_time_days\n${CODE};dubai;40;500;${incoming};\n${CODE};muscat;0;;;28\n`,
  });
  expect(feed.status, await feed.text()).toBe(200);
});

test.afterAll(async () => {
  await site?.stop();
});

test('the basket line shows "In stock" at the branch chosen, and the lead time at another', async ({ page }) => {
  await addFromProductPage(page, ENGLISH, GLAND, '10', ENGLISH.quantity(10, 'piece'), {
    code: CODE,
    siteUrl: site.url,
  });
  await page.goto(`${site.url}/request-quote`);
  await waitUntilStarted(page);
  const lines = page.getByRole('table', { name: 'Products to quote' });
  // Dubai, the form's first branch: the Dubai warehouse's figures
  await expect(lines.getByTestId(`quote-stock-${CODE}`)).toHaveText(
    /^In stock: 40 pieces · Incoming: 500 on 12 December \d{4}$/,
  );
  await page.getByRole('combobox', { name: 'Branch', exact: true }).selectOption('Oman');
  await expect(lines.getByTestId(`quote-stock-${CODE}`)).toHaveText('Lead time: about 4 weeks');
});

test('the chat answers "do you have 20 mm brass glands in Dubai?" from the same figures, with the page linked', async ({
  page,
}) => {
  // a returning visitor (the profile the chat's welcome form stores): the chat opens on its messages
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const profile = {
      userName: 'Aisha Rahman',
      userEmail: 'aisha@example.com',
      userCountry: 'Dubai',
      timestamp: '2025-01-05T09:05:00.000Z',
    };
    window.localStorage.setItem('crescent-chat-visitor', JSON.stringify(profile));
  });
  await page.goto(`${site.url}/home`);
  await waitUntilStarted(page);
  const chat = page.getByRole('dialog', { name: 'Crescent Assistant' });
  const input = chat.getByRole('textbox', { name: 'Type your message' });
  await input.fill('Do you have 20 mm brass glands in Dubai?');
  const answered = nextChatAnswer(page);
  await input.press('Enter');
  const { answer } = await answered;
  expect(answer).toContain(`(${GLAND.pagePath})`);
  expect(shownText(answer)).toMatch(
    /Dubai warehouse: In stock: 40 pieces · Incoming: 500 on 12 December \d{4} \(updated (less than a minute|\d+ minutes?) ago\)/,
  );
  await expect(chat.getByRole('log', { name: 'Chat messages' })).toContainText('Dubai warehouse: In stock: 40 pieces');
});

// The chat assistant journey against the real server. The e2e server has no GEMINI_API_KEY, so every question is
// answered from the knowledge base (the provider itself is tested against a fake in server/src/assistant/chat.test.ts);
// a deployed site may answer from its AI provider, so the questions name a category of the site under test and the
// tests expect what the site answered (support/chat-answers.ts).
import type { Page, Request } from '@playwright/test';
import { answerLinks, catalogueLink, categoryQuestion, nextChatAnswer, shownText } from '../support/chat-answers';
import { test, expect, localOnly } from '../support/fixtures';
import { startQuotationLinkSite, type QuotationLinkSite } from '../support/quotation-links';
import { EXAMPLE_CATEGORY_PATH, EXAMPLE_PRODUCT } from '../support/site-routes';
import { chatBarName, message } from '../support/ui-strings';

const PROFILE_KEY = 'crescent-chat-visitor';
const FALLBACK_NOTICE = "⚠️ AI service temporarily unavailable. Here's basic information:";

const chat = (page: Page) => page.getByRole('dialog', { name: 'Crescent Assistant' });
const messages = (page: Page) => chat(page).getByRole('log', { name: 'Chat messages' });
const messageInput = (page: Page) => chat(page).getByRole('textbox', { name: 'Type your message' });

/** Requests the page makes to one of our API paths, with their JSON bodies. */
function recordPosts(page: Page, path: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** Starts the page as a returning visitor (the profile the welcome form would have stored). */
async function asReturningVisitor(page: Page, name = 'Aisha Rahman') {
  await page.addInitScript(
    ({ key, profile }) => {
      // the page's own document only (the footer's map frame has no storage of ours)
      if (window !== window.top) return;
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, profile);
    },
    {
      key: PROFILE_KEY,
      profile: JSON.stringify({
        userName: name,
        userEmail: 'aisha@example.com',
        userCountry: 'Oman',
        timestamp: '2025-01-05T09:05:00.000Z',
      }),
    },
  );
}

async function ask(page: Page, question: string) {
  await messageInput(page).fill(question);
  await messageInput(page).press('Enter');
}

test.describe('chat widget', { tag: ['@site', '@chat'] }, () => {
  test('opens by default, minimizes to a bar, restores, closes to the button and reopens', async ({
    page,
    consoleProblems,
  }) => {
    await page.goto('/home');
    await expect(chat(page)).toBeVisible();
    await expect(chat(page)).toContainText('Online');
    await chat(page).getByRole('button', { name: 'Minimize chat' }).click();
    await expect(chat(page)).toBeHidden();
    await page.getByRole('button', { name: 'Restore chat' }).click();
    await expect(chat(page)).toBeVisible();
    await chat(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(chat(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Restore chat' })).toBeHidden();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect(chat(page)).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('welcome form: nothing happens until every field is valid; then registration, thanks, and "Welcome back" after a reload', async ({
    page,
    consoleProblems,
  }) => {
    const registrations = recordPosts(page, '/api/send-user-registration');
    await page.goto('/home');
    await expect(messages(page)).toContainText('Welcome to Crescent Electrical Trading');
    const name = chat(page).getByLabel('Full Name *');
    const email = chat(page).getByLabel('Email Address *');
    const region = chat(page).getByLabel('Region/Branch You Want to Inquire About *');
    const start = chat(page).getByRole('button', { name: 'Start Chat', exact: true });
    await expect(name).toHaveAttribute('placeholder', 'Enter your full name');
    await expect(region.locator('option').first()).toHaveText('Select region/branch');

    await start.click(); // all empty
    await name.fill('Aisha Rahman');
    await email.fill('aisha@example'); // the browser accepts it, our pattern does not
    await region.selectOption('Dubai');
    await start.click();
    // Refused in the click itself: the form stays and nothing is stored. Nothing is sent either: the registration
    // checked below, after the valid submit, would not be the only one.
    await expect(start).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), PROFILE_KEY)).toBeNull();

    await email.fill('aisha@example.com');
    await region.selectOption({ label: 'Oman (Muscat Office)' });
    await start.click();
    await expect(messages(page)).toContainText('Thank you, Aisha Rahman! How can I help you today?');
    await expect(start).toBeHidden();
    expect(registrations).toEqual([{ userName: 'Aisha Rahman', userEmail: 'aisha@example.com', userCountry: 'Oman' }]);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), PROFILE_KEY)) ?? '{}') as Record<
      string,
      string
    >;
    expect(stored).toMatchObject({ userName: 'Aisha Rahman', userEmail: 'aisha@example.com', userCountry: 'Oman' });
    expect(new Date(stored.timestamp ?? '').toISOString()).toBe(stored.timestamp);

    await page.reload();
    await expect(messages(page)).toContainText('Welcome back, Aisha Rahman!');
    await expect(chat(page).getByRole('button', { name: 'Start Chat', exact: true })).toHaveCount(0);
    await expect(messageInput(page)).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('just start chatting: name, e-mail (retried when invalid), region buttons, then the chat', async ({
    page,
    consoleProblems,
  }) => {
    const registrations = recordPosts(page, '/api/send-user-registration');
    await page.goto('/about');
    await chat(page).getByRole('button', { name: 'Just start chatting' }).click();
    await expect(messages(page)).toContainText("what's your name?");
    await ask(page, 'Omar');
    await expect(messages(page)).toContainText("Nice to meet you, Omar! What's your email address?");
    await ask(page, 'omar-at-example');
    await expect(messages(page)).toContainText('Please enter a valid email address so I can assist you better.');
    await ask(page, 'omar@example.com');
    const options = chat(page).getByRole('group', { name: 'Choose your region/branch' });
    await expect(options.getByRole('button')).toHaveText([
      'Dubai',
      'Oman (Muscat Office)',
      'Bahrain (Warehouse)',
      'Saudi (through an associated company)',
    ]);
    await options.getByRole('button', { name: 'Bahrain (Warehouse)' }).click();
    await expect(messages(page)).toContainText('Thank you, Omar!');
    await expect(options).toHaveCount(0);
    await expect(chat(page).getByRole('button', { name: 'Send Inquiry' })).toBeVisible();
    expect(registrations).toEqual([{ userName: 'Omar', userEmail: 'omar@example.com', userCountry: 'Bahrain' }]);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a question about a category is answered, and its link to the catalogue navigates inside the app', async ({
    page,
    request,
    consoleProblems,
  }) => {
    // a category of the site under test: its answer (the knowledge base's here, perhaps the AI's on a deployed site)
    // links the site's own pages
    const question = categoryQuestion(EXAMPLE_PRODUCT.categoryTitle);
    await asReturningVisitor(page);
    await page.goto('/home');
    await expect(messages(page)).toContainText('Welcome back, Aisha Rahman!');

    const send = chat(page).getByRole('button', { name: 'Send message' });
    await expect(send).toBeDisabled();
    await messageInput(page).fill('   ');
    await expect(send).toBeDisabled();

    const chatCalls = recordPosts(page, '/api/chat');
    // the answer is held until the typing status has been seen: a quick answer replaced it before the check
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/chat', async (route) => {
      await answered;
      await route.continue();
    });
    const reply = nextChatAnswer(page);
    await ask(page, question);
    await expect(chat(page).getByRole('status')).toContainText('Crescent Assistant is typing');
    answer();
    const { answer: text, source } = await reply;
    const shown = messages(page).getByRole('listitem').last();
    await expect(shown).toContainText(shownText(text));
    // the knowledge base's answer says the AI service is not answering (the suite's own server has no key)
    if (source === 'knowledge-base') await expect(shown).toContainText(FALLBACK_NOTICE);
    await expect(messageInput(page)).toHaveValue('');
    expect(chatCalls).toEqual([{ question, history: [] }]);
    await expect(messages(page).locator('time').last()).toHaveText(/^\d\d:\d\d$/);

    const link = await catalogueLink(request, text, EXAMPLE_CATEGORY_PATH);
    if (link === undefined) throw new Error(`the answer links no category or product page of the site: ${text}`);
    // a full page load would lose this marker
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await shown
      .getByRole('link', { name: link.text, exact: true })
      .and(page.locator(`[href="${link.to}"]`))
      .first()
      .click();
    await expect(page).toHaveURL((url) => url.pathname === link.to);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(link.heading);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(messages(page)).toContainText(question);

    const secondReply = nextChatAnswer(page);
    await ask(page, 'How can I contact you?');
    const second = await secondReply;
    await expect(messages(page).getByRole('listitem').last()).toContainText(shownText(second.answer));
    // the knowledge base links the contact page by its menu name; an AI's words are its own
    if (second.source === 'knowledge-base')
      await expect(messages(page).getByRole('link', { name: 'Contact Us' })).toBeVisible();
    expect(chatCalls[1]).toMatchObject({
      question: 'How can I contact you?',
      history: [{ role: 'user', parts: [{ text: question }] }, { role: 'model' }],
    });
    expect(consoleProblems.messages).toEqual([]);
  });

  test('on the seed catalogue without an AI key, a question naming part of a category finds it', {
    tag: '@local',
  }, async ({ request }) => {
    localOnly(
      "expects the seed's category and the knowledge base's answer (a deployed site has its own catalogue, perhaps an AI key)",
    );
    // what a visitor's shorter words find (the widget's side of it is the test above): the seed's cable glands
    const response = await request.post('/api/chat', { data: { question: 'Do you sell cable glands?', history: [] } });
    expect(response.status()).toBe(200);
    const { answer, source } = (await response.json()) as { answer: string; source: string };
    expect(source).toBe('knowledge-base');
    expect(answer.startsWith(`${FALLBACK_NOTICE}\n\n`), answer).toBe(true);
    expect(answerLinks(answer)).toContainEqual({
      text: 'Industrial Cable Glands',
      to: '/our-products/industrial_cable_glands',
    });
  });

  test('the conversation keeps the newest message in view as it grows past the panel', async ({ page }) => {
    await asReturningVisitor(page);
    await page.goto('/home');
    await expect(messages(page)).toContainText('Welcome back, Aisha Rahman!');
    const bubbles = messages(page).getByRole('listitem');
    const before = await bubbles.count();
    const questions = [
      categoryQuestion(EXAMPLE_PRODUCT.categoryTitle),
      'How can I contact you?',
      'Where are your offices?',
      'Tell me about the company',
    ];
    for (const [index, question] of questions.entries()) {
      await ask(page, question);
      // the question and its answer: wait for this question's answer before the next
      await expect(bubbles).toHaveCount(before + 2 * (index + 1));
    }
    // The answers are far taller than the panel: the first question has scrolled out, the last answer is in view.
    await expect(messages(page).getByText(questions[0]!, { exact: true })).not.toBeInViewport();
    await expect(bubbles.last()).toBeInViewport();
  });

  test('an answer with HTML or script links shows as text', async ({ page }) => {
    await asReturningVisitor(page);
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        json: {
          answer:
            '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script> [open](javascript:window.hacked=1) **ok**',
          source: 'ai',
        },
      }),
    );
    await page.goto('/home');
    await ask(page, '<b>hello</b>');
    await expect(messages(page)).toContainText('<img src=x onerror="window.hacked=1"><script>window.hacked=1</script>');
    await expect(messages(page)).toContainText('<b>hello</b>');
    await expect(messages(page).locator('img, script, b')).toHaveCount(0);
    await expect(messages(page).getByRole('link')).toHaveCount(0);
    await expect(messages(page).locator('strong')).toHaveText('ok');
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  });

  test('the server failing gives the apology with our phone number', async ({ page }) => {
    await asReturningVisitor(page);
    await page.route('**/api/chat', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal server error' } }),
    );
    await page.goto('/home');
    await ask(page, 'Hello?');
    await expect(messages(page)).toContainText(
      "I apologize, but I'm having trouble processing your request right now. Please try again or contact us directly at +971 4 347 1100.",
    );
  });

  test.describe('inquiry', () => {
    const inquiry = (page: Page) => page.getByRole('dialog', { name: 'Send Inquiry' });

    test('prefilled; X and the backdrop clear message, phone, company name and location', async ({
      page,
      consoleProblems,
    }) => {
      await asReturningVisitor(page);
      await page.goto('/home');
      await chat(page).getByRole('button', { name: 'Send Inquiry' }).click();
      await expect(inquiry(page).getByLabel('Full Name *')).toHaveValue('Aisha Rahman');
      await expect(inquiry(page).getByLabel('Email Address *')).toHaveValue('aisha@example.com');
      await expect(inquiry(page).getByLabel('Region/Branch *')).toHaveValue('Oman');
      await expect(inquiry(page).getByLabel('Phone Number')).toHaveAttribute('placeholder', '+971 XX XXX XXXX');
      await expect(inquiry(page).getByLabel('Company Location')).toHaveAttribute('placeholder', 'City, Country');
      await expect(inquiry(page).getByLabel('Your Inquiry *')).toHaveAttribute('rows', '5');

      const details = {
        'Your Inquiry *': '300 brass glands, 20S',
        'Phone Number': '+971 50 123 4567',
        'Company Name': 'Gulf Build',
        'Company Location': 'Dubai, UAE',
      };
      for (const [label, value] of Object.entries(details)) await inquiry(page).getByLabel(label).fill(value);
      await inquiry(page).getByRole('button', { name: 'Close inquiry form' }).click();
      await expect(inquiry(page)).toBeHidden();
      await chat(page).getByRole('button', { name: 'Send Inquiry' }).click();
      for (const label of Object.keys(details)) await expect(inquiry(page).getByLabel(label)).toHaveValue('');
      await expect(inquiry(page).getByLabel('Full Name *')).toHaveValue('Aisha Rahman');

      await inquiry(page).getByLabel('Your Inquiry *').fill('again');
      await page.mouse.click(5, 5); // the backdrop
      await expect(inquiry(page)).toBeHidden();
      await chat(page).getByRole('button', { name: 'Send Inquiry' }).click();
      await expect(inquiry(page).getByLabel('Your Inquiry *')).toHaveValue('');
      expect(consoleProblems.messages).toEqual([]);
    });

    test('sent: the modal closes and the bot thanks, promising a reply within 24 hours', async ({
      page,
      consoleProblems,
    }) => {
      await asReturningVisitor(page);
      const sent = recordPosts(page, '/api/send-inquiry');
      await page.goto('/home');
      await chat(page).getByRole('button', { name: 'Send Inquiry' }).click();
      await inquiry(page).getByLabel('Your Inquiry *').fill('Please quote 300 brass cable glands, size 20S.');
      await inquiry(page).getByLabel('Company Name').fill('Gulf Build LLC');
      await inquiry(page).getByRole('button', { name: 'Submit Inquiry' }).click();
      await expect(inquiry(page)).toBeHidden();
      await expect(messages(page)).toContainText(
        'Thank you, Aisha Rahman! Your inquiry has been sent successfully. Our team will reply to aisha@example.com within 24 hours. Is there anything else I can help you with?',
      );
      expect(sent).toEqual([
        {
          userName: 'Aisha Rahman',
          userEmail: 'aisha@example.com',
          userCountry: 'Oman',
          inquiryPhone: '',
          inquiryMessage: 'Please quote 300 brass cable glands, size 20S.',
          companyName: 'Gulf Build LLC',
          companyLocation: '',
        },
      ]);
      expect(consoleProblems.messages).toEqual([]);
    });

    test('failed (500): the modal closes and the bot gives our e-mail and phone', async ({ page }) => {
      await asReturningVisitor(page);
      await page.route('**/api/send-inquiry', (route) =>
        route.fulfill({ status: 500, json: { error: 'Internal server error' } }),
      );
      await page.goto('/home');
      await chat(page).getByRole('button', { name: 'Send Inquiry' }).click();
      await inquiry(page).getByLabel('Your Inquiry *').fill('Need 20 feeder pillars');
      await inquiry(page).getByRole('button', { name: 'Submit Inquiry' }).click();
      await expect(inquiry(page)).toBeHidden();
      await expect(messages(page)).toContainText(
        'Sorry Aisha Rahman, there was an issue sending your inquiry. Please try contacting us directly at info@crescent-electrical.example or call +971 4 347 1100.',
      );
    });
  });

  test('on a phone (576 px or less) starts minimised and opens full screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/home');
    // It starts as the small bar so the page stays readable, and opens full screen on demand.
    await expect(chat(page)).toBeHidden();
    await page.getByRole('button', { name: 'Restore chat' }).click();
    await expect(chat(page)).toBeVisible();
    expect(await chat(page).boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
    await expect(chat(page).getByRole('button', { name: 'Close chat' })).toBeVisible();
    await chat(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
  });
});

/**
 * A desktop's first page of a visit where the panel must not cover what the visitor came for: the chat loads as on
 * every page, minimized (its bar restores it), and that is not taken for their choice.
 */
test.describe('chat on a desktop (1280 px): not opened over the quote request or a quotation', {
  tag: ['@site', '@chat'],
}, () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  /** The chat has loaded, minimized: its bar is there, its panel is not. */
  async function expectMinimized(page: Page, language: 'en' | 'ar') {
    await expect(page.getByRole('button', { name: chatBarName(language), exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('dialog', { name: message(language, 'chat.widget.title') })).toHaveCount(0);
  }

  for (const language of ['en', 'ar'] as const) {
    test(`${language}: the request page keeps the chat minimized; the next page loaded opens it as before`, async ({
      page,
      consoleProblems,
    }) => {
      const base = language === 'ar' ? '/ar' : '';
      await page.goto(`${base}/request-quote`);
      await expectMinimized(page, language);
      await page.goto(`${base}/home`);
      await expect(page.getByRole('dialog', { name: message(language, 'chat.widget.title') })).toBeVisible({
        timeout: 20_000,
      });
      expect(consoleProblems.messages).toEqual([]);
    });
  }

  test.describe("a buyer's quotation link", () => {
    localOnly('starts its own server with a mail catcher and a staff account it creates');
    test.describe.configure({ mode: 'default' });
    let site: QuotationLinkSite | undefined;
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      site = await startQuotationLinkSite();
    });
    test.afterAll(async () => {
      await site?.stop();
    });

    for (const language of ['en', 'ar'] as const) {
      test(`${language}: the quotation page keeps the chat minimized; Restore opens it`, async ({ page }) => {
        test.setTimeout(120_000);
        if (site === undefined) throw new Error('the site starts in beforeAll');
        const link = await site.newLink(language);
        await page.goto(`${site.url}${link}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectMinimized(page, language);
        await page.getByRole('button', { name: chatBarName(language), exact: true }).click();
        await expect(page.getByRole('dialog', { name: message(language, 'chat.widget.title') })).toBeVisible();
      });
    }
  });
});

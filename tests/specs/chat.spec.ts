// The chat assistant journey against the real server. The e2e server has no GEMINI_API_KEY, so every question is
// answered from the knowledge base (the provider itself is tested against a fake in server/src/assistant/chat.test.ts).
import type { Page, Request } from '@playwright/test';
import { test, expect } from '../support/fixtures';

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
    { key: PROFILE_KEY, profile: JSON.stringify({ userName: name, userEmail: 'aisha@example.com', userCountry: 'Oman', timestamp: '2025-01-05T09:05:00.000Z' }) },
  );
}

async function ask(page: Page, question: string) {
  await messageInput(page).fill(question);
  await messageInput(page).press('Enter');
}

test.describe('chat widget', { tag: ['@site', '@chat'] }, () => {
  test('opens by default, minimizes to a bar, restores, closes to the button and reopens', async ({ page, consoleProblems }) => {
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
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), PROFILE_KEY)) ?? '{}') as Record<string, string>;
    expect(stored).toMatchObject({ userName: 'Aisha Rahman', userEmail: 'aisha@example.com', userCountry: 'Oman' });
    expect(new Date(stored.timestamp ?? '').toISOString()).toBe(stored.timestamp);

    await page.reload();
    await expect(messages(page)).toContainText('Welcome back, Aisha Rahman!');
    await expect(chat(page).getByRole('button', { name: 'Start Chat', exact: true })).toHaveCount(0);
    await expect(messageInput(page)).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('just start chatting: name, e-mail (retried when invalid), region buttons, then the chat', async ({ page, consoleProblems }) => {
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
    await expect(options.getByRole('button')).toHaveText(['Dubai', 'Oman (Muscat Office)', 'Bahrain (Warehouse)', 'Saudi (through an associated company)']);
    await options.getByRole('button', { name: 'Bahrain (Warehouse)' }).click();
    await expect(messages(page)).toContainText('Thank you, Omar!');
    await expect(options).toHaveCount(0);
    await expect(chat(page).getByRole('button', { name: 'Send Inquiry' })).toBeVisible();
    expect(registrations).toEqual([{ userName: 'Omar', userEmail: 'omar@example.com', userCountry: 'Bahrain' }]);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a question is answered from the knowledge base, and its link navigates inside the app', async ({ page, consoleProblems }) => {
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
    await ask(page, 'Do you sell cable glands?');
    await expect(chat(page).getByRole('status')).toContainText('Crescent Assistant is typing');
    answer();
    await expect(messages(page)).toContainText(FALLBACK_NOTICE);
    await expect(messages(page)).toContainText('Industrial Cable Glands');
    await expect(messageInput(page)).toHaveValue('');
    expect(chatCalls).toEqual([{ question: 'Do you sell cable glands?', history: [] }]);
    await expect(messages(page).locator('time').last()).toHaveText(/^\d\d:\d\d$/);

    // a full page load would lose this marker
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await messages(page).getByRole('link', { name: 'Industrial Cable Glands' }).last().click();
    await expect(page).toHaveURL(/\/our-products\/industrial_cable_glands$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Industrial');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(messages(page)).toContainText('Do you sell cable glands?');

    await ask(page, 'How can I contact you?');
    await expect(messages(page).getByRole('link', { name: 'Contact Us' })).toBeVisible();
    expect(chatCalls[1]).toMatchObject({
      question: 'How can I contact you?',
      history: [{ role: 'user', parts: [{ text: 'Do you sell cable glands?' }] }, { role: 'model' }],
    });
    expect(consoleProblems.messages).toEqual([]);
  });

  test('the conversation keeps the newest message in view as it grows past the panel', async ({ page }) => {
    await asReturningVisitor(page);
    await page.goto('/home');
    await expect(messages(page)).toContainText('Welcome back, Aisha Rahman!');
    const questions = ['Do you sell cable glands?', 'How can I contact you?', 'Where are your offices?', 'Tell me about the company'];
    for (const [index, question] of questions.entries()) {
      await ask(page, question);
      // Each answer ends with the knowledge base's notice; wait for this question's answer before the next.
      await expect(messages(page).getByText(FALLBACK_NOTICE, { exact: false })).toHaveCount(index + 1);
    }
    // The answers are far taller than the panel: the first question has scrolled out, the last answer is in view.
    await expect(messages(page).getByText(questions[0]!, { exact: true })).not.toBeInViewport();
    await expect(messages(page).getByRole('listitem').last()).toBeInViewport();
  });

  test('an answer with HTML or script links shows as text', async ({ page }) => {
    await asReturningVisitor(page);
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        json: { answer: '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script> [open](javascript:window.hacked=1) **ok**', source: 'ai' },
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
    await page.route('**/api/chat', (route) => route.fulfill({ status: 500, json: { error: 'Internal server error' } }));
    await page.goto('/home');
    await ask(page, 'Hello?');
    await expect(messages(page)).toContainText(
      "I apologize, but I'm having trouble processing your request right now. Please try again or contact us directly at +971 4 347 1100.",
    );
  });

  test.describe('inquiry', () => {
    const inquiry = (page: Page) => page.getByRole('dialog', { name: 'Send Inquiry' });

    test('prefilled; X and the backdrop clear message, phone, company name and location', async ({ page, consoleProblems }) => {
      await asReturningVisitor(page);
      await page.goto('/home');
      await chat(page).getByRole('button', { name: 'Send Inquiry' }).click();
      await expect(inquiry(page).getByLabel('Full Name *')).toHaveValue('Aisha Rahman');
      await expect(inquiry(page).getByLabel('Email Address *')).toHaveValue('aisha@example.com');
      await expect(inquiry(page).getByLabel('Region/Branch *')).toHaveValue('Oman');
      await expect(inquiry(page).getByLabel('Phone Number')).toHaveAttribute('placeholder', '+971 XX XXX XXXX');
      await expect(inquiry(page).getByLabel('Company Location')).toHaveAttribute('placeholder', 'City, Country');
      await expect(inquiry(page).getByLabel('Your Inquiry *')).toHaveAttribute('rows', '5');

      const details = { 'Your Inquiry *': '300 brass glands, 20S', 'Phone Number': '+971 50 123 4567', 'Company Name': 'Gulf Build', 'Company Location': 'Dubai, UAE' };
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

    test('sent: the modal closes and the bot thanks, promising a reply within 24 hours', async ({ page, consoleProblems }) => {
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
      await page.route('**/api/send-inquiry', (route) => route.fulfill({ status: 500, json: { error: 'Internal server error' } }));
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

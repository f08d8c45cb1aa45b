import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeHtml, headerText, type OutboxRow } from '../platform/mail/compose.js';
import { composeMail } from './formMail.js';

const FROM = 'Website <website@example.com>';

const contactRow = (payload: Record<string, unknown>): OutboxRow => ({
  id: 7,
  kind: 'contact_message',
  ref_id: 12,
  recipient: 'dubai@example.com',
  payload: {
    name: 'Aisha',
    email: 'aisha@example.com',
    phone: null,
    message: 'Hello',
    country: 'Dubai',
    companyName: null,
    companyLocation: null,
    ...payload,
  },
});

describe('composeMail', () => {
  test('a contact message: to the branch, Reply-To the visitor, text and HTML bodies', () => {
    const mail = composeMail(contactRow({ phone: '+971 50 1', companyName: 'ACME' }), FROM);
    assert.equal(mail.from, FROM);
    assert.equal(mail.to, 'dubai@example.com');
    assert.deepEqual(mail.replyTo, { name: 'Aisha', address: 'aisha@example.com' });
    assert.equal(mail.subject, 'Contact message from the website: Aisha (Dubai)');
    assert.equal(
      mail.text,
      [
        'Contact message from the website (Dubai).',
        '',
        'Name: Aisha',
        'Email: aisha@example.com',
        'Phone: +971 50 1',
        'Company: ACME',
        'Branch: Dubai',
        'Language: English',
        '',
        'Message:',
        'Hello',
        '',
        '--',
        'Reply to this e-mail to answer Aisha. Reference: contact message #12.',
      ].join('\n'),
    );
    assert.match(mail.html, /<th align="left"[^>]*>Phone<\/th><td>\+971 50 1<\/td>/);
    assert.doesNotMatch(mail.html, /Company location/, 'empty fields are left out');
  });

  test('visitor HTML is escaped everywhere in the HTML body', () => {
    const evil = '<script>alert("x")</script><img src=x onerror=alert(1)> & \'quoted\'';
    const mail = composeMail(contactRow({ name: evil, message: evil, companyName: evil, country: 'Dubai' }), FROM);
    assert.doesNotMatch(mail.html, /<script|<img/);
    assert.ok(
      mail.html.includes(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;quoted&#39;',
      ),
    );
    assert.ok(mail.text.includes(evil), 'the text body keeps it as written');
  });

  test('line breaks in stored values never reach a header', () => {
    const mail = composeMail(
      contactRow({ name: 'Aisha\r\nBcc: everyone@example.com', country: 'Dubai\nX-Evil: 1' }),
      FROM,
    );
    assert.equal(mail.subject, 'Contact message from the website: Aisha Bcc: everyone@example.com (Dubai X-Evil: 1)');
    assert.equal(mail.replyTo.name, 'Aisha Bcc: everyone@example.com');
    assert.doesNotMatch(mail.subject + mail.replyTo.name + mail.replyTo.address, /[\r\n]/);
  });

  test('an enquiry from the chat', () => {
    const mail = composeMail(
      {
        id: 3,
        kind: 'inquiry',
        ref_id: 5,
        recipient: 'saudi@example.com',
        payload: {
          userName: 'Sam',
          userEmail: 'sam@example.com',
          userCountry: 'Saudi Arabia',
          inquiryPhone: null,
          inquiryMessage: 'MV joints?',
          companyName: 'EU',
          companyLocation: 'Dammam',
        },
      },
      FROM,
    );
    assert.equal(mail.to, 'saudi@example.com');
    assert.equal(mail.subject, 'Enquiry from the website chat: Sam (Saudi Arabia)');
    assert.deepEqual(mail.replyTo, { name: 'Sam', address: 'sam@example.com' });
    assert.ok(
      mail.text.includes(
        'Company: EU\nCompany location: Dammam\nBranch: Saudi Arabia\nLanguage: English\n\nMessage:\nMV joints?',
      ),
    );
    assert.ok(mail.text.endsWith('Reference: inquiry #5.'));
  });

  test('says which language the visitor used: Arabic from the Arabic site, the rest of the mail as before', () => {
    const message = 'نرجو تزويدنا بعرض سعر لـ 200 جلبة كابل مقاس 20S.\nمع الشكر';
    const mail = composeMail(contactRow({ name: 'عائشة الرحمن', message, country: 'Oman', language: 'ar' }), FROM);
    assert.equal(mail.subject, 'Contact message from the website: عائشة الرحمن (Oman)');
    assert.equal(
      mail.text,
      [
        'Contact message from the website (Oman).',
        '',
        'Name: عائشة الرحمن',
        'Email: aisha@example.com',
        'Branch: Oman',
        'Language: Arabic',
        '',
        'Message:',
        message,
        '',
        '--',
        'Reply to this e-mail to answer عائشة الرحمن. Reference: contact message #12.',
      ].join('\n'),
    );
    assert.match(mail.html, /<th align="left"[^>]*>Language<\/th><td>Arabic<\/td>/);
    assert.ok(
      mail.html.includes(`<div dir="auto" style="white-space:pre-wrap">${message}</div>`),
      'the Arabic message reads right to left',
    );

    const inquiry = composeMail(
      {
        id: 4,
        kind: 'inquiry',
        ref_id: 6,
        recipient: 'bahrain@example.com',
        payload: {
          userName: 'سامي',
          userEmail: 'sami@example.com',
          userCountry: 'Bahrain',
          inquiryMessage: 'هل لديكم مواسير PVC؟',
          language: 'ar',
        },
      },
      FROM,
    );
    assert.ok(inquiry.text.includes('Branch: Bahrain\nLanguage: Arabic\n\nMessage:\nهل لديكم مواسير PVC؟'));
  });

  test('English when the row says so, or says nothing (queued before the language was sent)', () => {
    for (const language of ['en', undefined, null]) {
      const mail = composeMail(contactRow(language === undefined ? {} : { language }), FROM);
      assert.ok(mail.text.includes('Branch: Dubai\nLanguage: English\n'), String(language));
      assert.match(mail.html, /<th align="left"[^>]*>Language<\/th><td>English<\/td>/);
    }
    // a value no schema writes is shown as it is, on one line, escaped
    const odd = composeMail(contactRow({ language: '<b>fr\r\nBcc: x' }), FROM);
    assert.ok(odd.text.includes('Language: <b>fr Bcc: x\n'));
    assert.ok(odd.html.includes('<td>&lt;b&gt;fr Bcc: x</td>'));
  });

  test('a row it cannot read is an error (the worker records it and retries later)', () => {
    assert.throws(() => composeMail({ ...contactRow({}), kind: 'newsletter' }, FROM), /unknown kind "newsletter"/);
    assert.throws(() => composeMail(contactRow({ email: undefined }), FROM), /payload has no email/);
    assert.throws(() => composeMail({ ...contactRow({}), payload: null }, FROM), /payload is not an object/);
  });
});

test('headerText makes one short line', () => {
  assert.equal(headerText('a\r\n\tb\u2028c   d'), 'a b c d');
  assert.equal(headerText('x'.repeat(300), 10), `${'x'.repeat(9)}…`);
});

test('headerText drops text-direction controls and C1 controls, keeps Arabic, and never cuts an emoji in half', () => {
  for (const control of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
    assert.equal(headerText(`${control}gpj.exe`), 'gpj.exe', `U+${control.codePointAt(0)!.toString(16)}`);
  }
  assert.equal(headerText('a\u0085b\u009bc'), 'a b c');
  assert.equal(headerText('عائشة الرحمن \u200fدبي'), 'عائشة الرحمن \u200fدبي');
  assert.equal(headerText(`${'x'.repeat(8)}😀😀`, 10), `${'x'.repeat(8)}…`);
});

test('a row stored before the rule, with "\\u202Egpj.exe" as its name, gives clean headers: what is shown is what is there', () => {
  const mail = composeMail(
    contactRow({ name: '\u202egpj.exe\u202c \u2067Aisha\u2069', companyName: '\u202eACME' }),
    FROM,
  );
  assert.equal(mail.subject, 'Contact message from the website: gpj.exe Aisha (Dubai)');
  assert.deepEqual(mail.replyTo, { name: 'gpj.exe Aisha', address: 'aisha@example.com' });
  assert.doesNotMatch(`${mail.subject}${mail.replyTo.name}${mail.replyTo.address}`, /[\u202a-\u202e\u2066-\u2069]/);
});

test('escapeHtml', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

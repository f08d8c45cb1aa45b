import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { contactFormSchema, inquirySchema, registrationSchema } from '@site/contracts/forms-api';
import { reviewBodySchema } from '@site/contracts/reviews-api';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase } from '../../test-support/fixture.js';
import { parseSubmission } from './contracts.js';

const contact = {
  name: 'Aisha Rahman',
  email: 'aisha@example.com',
  phone: '+971 50 123 4567',
  message: 'Please quote 200 cable glands, size 20S.',
  country: 'Oman',
  companyName: 'Gulf Build LLC',
  companyLocation: 'Muscat, Oman',
};

const errorOf = (schema: Parameters<typeof parseSubmission>[0], body: unknown): string => {
  const result = parseSubmission(schema, body);
  assert.equal(result.ok, false, `expected ${JSON.stringify(body)} to be rejected`);
  return result.ok ? '' : result.error;
};

describe('contact form schema', () => {
  test('accepts the form and trims it; blank optional fields become null', () => {
    const result = parseSubmission(contactFormSchema, {
      ...contact,
      name: '  Aisha Rahman ',
      phone: '',
      companyName: null,
      website: '',
    });
    assert.deepEqual(result, {
      ok: true,
      spam: false,
      data: { ...contact, phone: null, companyName: null, language: 'en' },
    });
  });

  test("language: the visitor's page language, 'en' when left out or null", () => {
    for (const [language, expected] of [
      [undefined, 'en'],
      [null, 'en'],
      ['en', 'en'],
      ['ar', 'ar'],
    ] as const) {
      const result = parseSubmission(contactFormSchema, language === undefined ? contact : { ...contact, language });
      assert.ok(result.ok, String(language));
      assert.equal(result.data.language, expected, String(language));
    }
  });

  test('language: any other value is refused with a clear message', () => {
    for (const language of ['fr', 'AR', 'Arabic', 'ar-AE', ' ar', '', 0, true, ['ar'], { code: 'ar' }]) {
      assert.equal(
        errorOf(contactFormSchema, { ...contact, language }),
        'language must be one of: en, ar',
        JSON.stringify(language),
      );
    }
    assert.equal(
      errorOf(contactFormSchema, { ...contact, name: '', language: 'fr' }),
      'name is required; language must be one of: en, ar',
    );
  });

  test('country defaults to Dubai when left out or blank', () => {
    for (const country of [undefined, null, '']) {
      const result = parseSubmission(contactFormSchema, { ...contact, country });
      assert.ok(result.ok && result.data.country === 'Dubai', String(country));
    }
  });

  test('a filled honeypot is accepted but marked as spam', () => {
    const result = parseSubmission(contactFormSchema, { ...contact, website: 'http://spam.example' });
    assert.ok(result.ok);
    assert.equal(result.spam, true);
    assert.ok(!('website' in result.data));
  });

  test('keeps HTML, scripts and any language as text', () => {
    const message = '<script>alert("x")</script> <b>Hi</b> مرحبا 你好 😀\nline two\ttabbed';
    const result = parseSubmission(contactFormSchema, { ...contact, name: 'عائشة <i>', message });
    assert.ok(result.ok);
    assert.equal(result.data.message, message);
    assert.equal(result.data.name, 'عائشة <i>');
  });

  const cases: [string, unknown, string][] = [
    ['no body', undefined, 'The request body must be a JSON object'],
    ['an array', [contact], 'The request body must be a JSON object'],
    ['a string', 'name=Aisha', 'The request body must be a JSON object'],
    ['missing fields', {}, 'name is required; email is required; message is required'],
    ['blank required fields', { ...contact, name: '   ', message: '\n' }, 'name is required; message is required'],
    [
      'wrong types',
      { ...contact, name: 42, email: ['a@b.co'], phone: 5 },
      'name must be text; email must be text; phone must be text',
    ],
    ['a bad e-mail', { ...contact, email: 'aisha@example' }, 'email must be a valid email address'],
    ['two addresses', { ...contact, email: 'a@b.co,c@d.co' }, 'email must be a valid email address'],
    [
      'an unknown country',
      { ...contact, country: 'Qatar' },
      'country must be one of: Dubai, Oman, Bahrain, Saudi Arabia',
    ],
    [
      'a branch label instead of its name',
      { ...contact, country: 'Oman (Muscat Office)' },
      'country must be one of: Dubai, Oman, Bahrain, Saudi Arabia',
    ],
    ['a long name', { ...contact, name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
    ['a long message', { ...contact, message: 'x'.repeat(4001) }, 'message must be at most 4000 characters'],
    [
      'a line break in the name',
      { ...contact, name: 'Aisha\r\nBcc: x@y.z' },
      'name contains characters that are not allowed',
    ],
    ['a NUL in the message', { ...contact, message: 'a\u0000b' }, 'message contains characters that are not allowed'],
    [
      'a lone surrogate',
      { ...contact, companyName: 'a\ud800b' },
      'companyName contains characters that are not allowed',
    ],
    ['a honeypot that is not text', { ...contact, website: 1 }, 'website must be text'],
  ];
  for (const [what, body, message] of cases) {
    test(`rejects ${what}`, () => {
      assert.equal(errorOf(contactFormSchema, body), message);
    });
  }

  test('names unknown fields', () => {
    assert.equal(
      errorOf(contactFormSchema, { ...contact, answer: 9, isAdmin: true }),
      'Unknown fields "answer", "isAdmin": expected only name, email, phone, message, country, companyName, companyLocation, language, website',
    );
  });
});

describe('registration and inquiry schemas', () => {
  test('accept the chat payloads', () => {
    assert.deepEqual(
      parseSubmission(registrationSchema, { userName: 'Sam', userEmail: 'sam@x.co', userCountry: 'Bahrain' }),
      {
        ok: true,
        spam: false,
        data: { userName: 'Sam', userEmail: 'sam@x.co', userCountry: 'Bahrain' },
      },
    );
    const inquiry = {
      userName: 'Sam',
      userEmail: 'sam@x.co',
      userCountry: 'Saudi Arabia',
      inquiryPhone: '+966 55 000 0000',
      inquiryMessage: 'Need MV joints',
      companyName: '',
      companyLocation: 'Dammam',
    };
    assert.deepEqual(parseSubmission(inquirySchema, inquiry), {
      ok: true,
      spam: false,
      data: { ...inquiry, companyName: null, language: 'en' },
    });
    assert.deepEqual(parseSubmission(inquirySchema, { ...inquiry, language: 'ar' }), {
      ok: true,
      spam: false,
      data: { ...inquiry, companyName: null, language: 'ar' },
    });
    assert.equal(errorOf(inquirySchema, { ...inquiry, language: 'de' }), 'language must be one of: en, ar');
  });

  test('the region is required and must be a branch name', () => {
    assert.equal(errorOf(registrationSchema, { userName: 'Sam', userEmail: 'sam@x.co' }), 'userCountry is required');
    assert.equal(
      errorOf(inquirySchema, { userName: 'Sam', userEmail: 'sam@x.co', userCountry: 'dubai', inquiryMessage: 'x' }),
      'userCountry must be one of: Dubai, Oman, Bahrain, Saudi Arabia',
    );
  });

  test('fields of the other form are unknown', () => {
    assert.match(
      errorOf(registrationSchema, { userName: 'Sam', userEmail: 'sam@x.co', userCountry: 'Oman', message: 'hi' }),
      /^Unknown field "message"/,
    );
    // a registration mails nobody: it takes no language
    assert.match(
      errorOf(registrationSchema, { userName: 'Sam', userEmail: 'sam@x.co', userCountry: 'Oman', language: 'ar' }),
      /^Unknown field "language"/,
    );
  });
});

// The shared character rule (content/src/validation: textProblem), field by field, in every form schema and the
// review schema: a one-line field (names, e-mails, phones, companies: mail headers, subjects, inline text) refuses the
// bidi embedding/override/isolate controls U+202A–U+202E and U+2066–U+2069; a message keeps them (they only reorder
// text inside its own paragraph). Ordinary Arabic, mixed with Latin and digits and with the direction marks, passes.
describe('text-direction controls, field by field', () => {
  const DIRECTION_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
  const DIRECTION_MESSAGE = (field: string) =>
    `${field} contains invisible text-direction characters (U+202A–U+202E, U+2066–U+2069), which are not allowed`;
  const ARABIC = 'شركة الخليج Gulf Build ذ.م.م ٢٠٢٥ \u200fدبي\u200e 20S \u061c';

  const registration = { userName: 'Sam', userEmail: 'sam@x.co', userCountry: 'Oman' };
  const inquiry = {
    ...registration,
    inquiryPhone: '+966 55 000 0000',
    inquiryMessage: 'Need MV joints',
    companyName: 'Eastern',
    companyLocation: 'Dammam',
  };
  const review = { customerName: 'Aisha', emailId: 'aisha@example.com', comment: 'Good', stars: 4 };
  type Parse = (
    body: Record<string, unknown>,
  ) => { ok: true; data: Record<string, unknown> } | { ok: false; error: string };
  const forms: { name: string; valid: Record<string, unknown>; parse: Parse; line: string[]; multiline: string[] }[] = [
    {
      name: 'contact form',
      valid: contact,
      parse: (body) => parseSubmission(contactFormSchema, body),
      line: ['name', 'email', 'phone', 'companyName', 'companyLocation'],
      multiline: ['message'],
    },
    {
      name: 'registration',
      valid: registration,
      parse: (body) => parseSubmission(registrationSchema, body),
      line: ['userName', 'userEmail'],
      multiline: [],
    },
    {
      name: 'inquiry',
      valid: inquiry,
      parse: (body) => parseSubmission(inquirySchema, body),
      line: ['userName', 'userEmail', 'inquiryPhone', 'companyName', 'companyLocation'],
      multiline: ['inquiryMessage'],
    },
    {
      name: 'review',
      valid: review,
      parse: (body) => {
        const result = parseSubmission(reviewBodySchema, body);
        return result.ok ? { ok: true, data: { ...result.data } } : result;
      },
      line: ['customerName', 'emailId'],
      multiline: ['comment'],
    },
  ];
  const isEmail = (field: string) => /email/i.test(field);

  for (const form of forms) {
    for (const field of form.line) {
      test(`${form.name} ${field}: each direction control is refused with a clear message, anywhere in the value`, () => {
        for (const control of DIRECTION_CONTROLS) {
          for (const value of isEmail(field)
            ? [`a${control}@example.com`, `${control}a@example.com`]
            : [`${control}gpj.exe`, `Aisha ${control}Rahman`, `Aisha${control}`]) {
            const result = form.parse({ ...form.valid, [field]: value });
            assert.deepEqual(
              result,
              {
                ok: false,
                error: DIRECTION_MESSAGE(field),
                problems: [{ path: [field], message: DIRECTION_MESSAGE(field) }],
              },
              JSON.stringify(value),
            );
          }
        }
      });
      if (!isEmail(field)) {
        test(`${form.name} ${field}: Arabic with Latin, digits and direction marks is accepted as typed`, () => {
          const value = ARABIC.slice(0, field.toLowerCase().includes('phone') ? 40 : 100).trim();
          const result = form.parse({ ...form.valid, [field]: value });
          assert.ok(result.ok, JSON.stringify(result));
          assert.equal(result.data[field], value);
        });
      }
    }
    for (const field of form.multiline) {
      test(`${form.name} ${field}: a message keeps Arabic, direction marks and isolates, but no control characters`, () => {
        const value = `${ARABIC}\n\u2067مرحبا\u2069 — line two\ttabbed`;
        const result = form.parse({ ...form.valid, [field]: value });
        assert.ok(result.ok, JSON.stringify(result));
        assert.equal(result.data[field], value);
        const refused = `${field} contains characters that are not allowed`;
        assert.deepEqual(form.parse({ ...form.valid, [field]: 'a\u0085b' }), {
          ok: false,
          error: refused,
          problems: [{ path: [field], message: refused }],
        });
      });
    }
  }
});

describe('a refused request answers its problems beside the sentence', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  before(async () => {
    const fixture = await createFixture();
    cleanup = fixture.cleanup;
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
  });
  after(async () => {
    await app.close();
    await cleanup();
  });

  test('a bad contact form: 400 {error, problems}, each problem with its path and the words the sentence names', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/send-contact-form',
      payload: { ...contact, email: 'not-an-email', phone: 12, colour: 'red' },
    });
    assert.equal(res.statusCode, 400, res.body);
    const { error, problems } = res.json<{
      error: string;
      problems: { path: (string | number)[]; message: string }[];
    }>();
    // the sentence is the one it always was (the spec's texts), the problems the same refusal one by one
    assert.equal(error, errorOf(contactFormSchema, { ...contact, email: 'not-an-email', phone: 12, colour: 'red' }));
    assert.deepEqual(problems.map(({ path }) => path.join('.')).sort(), ['', 'email', 'phone'].sort());
    for (const { message } of problems) assert.ok(error.includes(message), `${message} in ${error}`);
  });
});

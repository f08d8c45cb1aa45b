// What the chat widget's tests serve (with MSW, see tools/jest/msw.ts): the site's API answering as it does when a
// registration or an inquiry is stored. A test adds the assistant's answers, or a failure, with server.use(...).
import { CHAT_API_PATH, INQUIRY_API_PATH, REGISTRATION_API_PATH } from '@site/contracts/api';
import { http, HttpResponse, type JsonBodyType } from 'msw';

export const chatHandlers = [
  http.post(REGISTRATION_API_PATH, () => HttpResponse.json({ ok: true, id: 1 })),
  http.post(INQUIRY_API_PATH, () => HttpResponse.json({ ok: true, id: 1 })),
];

/** The assistant answering every question with `body` (and `status`). */
export const assistantAnswers = (body: JsonBodyType, status = 200) =>
  http.post(CHAT_API_PATH, () => HttpResponse.json(body, { status }));

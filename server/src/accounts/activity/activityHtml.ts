// The devices page's "Recent activity": the account's latest events, each with its device and time.
import type { Locale } from '@site/contracts/locale';
import { escapeHtml } from '../../platform/http/escape.js';
import { accountDateOf } from '../accountHtml.js';
import type { AccountEvent } from './accountEvents.js';
import { activityTexts } from './activityTexts.js';

export function activitySection(locale: Locale, events: readonly AccountEvent[]): string {
  const t = activityTexts(locale);
  const items = events
    .map((event) => {
      const where = event.device === '' ? '' : ` — ${event.device}`;
      // a company's change names its domain or the colleague (an address: left to right inside Arabic)
      const about = event.detail === '' ? '' : `: <bdi dir="ltr">${escapeHtml(event.detail)}</bdi>`;
      return `<li>${escapeHtml(t.events[event.kind])}${about}${escapeHtml(where)}<br><span>${escapeHtml(accountDateOf(locale, event.at))}</span></li>`;
    })
    .join('');
  const list = events.length === 0 ? `<p>${escapeHtml(t.none)}</p>` : `<ul class="devices">${items}</ul>`;
  return `<section aria-labelledby="activity"><h2 id="activity">${escapeHtml(t.title)}</h2>${list}</section>`;
}

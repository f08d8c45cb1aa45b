import { setViewportWidth } from '@test/render';
import {
  CHAT_PANEL_COOKIE,
  CHATTED_MAX_AGE_SECONDS,
  initialPanel,
  keepChoiceOfChatter,
  rememberedPanel,
  rememberPanel,
} from './panelMemory';

/** A document that records what is written to document.cookie (jsdom's hides the attributes). */
function recordingDocument(cookie = '', protocol = 'http:') {
  const written: string[] = [];
  const doc = {
    location: { protocol },
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  // A stand-in for the two members panelMemory reads (a cast, not a whole Document).
  return { doc: doc as unknown as Document, written };
}

const clearCookie = () => (document.cookie = `${CHAT_PANEL_COOKIE}=; Path=/; Max-Age=0`);

beforeEach(() => {
  clearCookie();
  setViewportWidth(1280);
});

describe('the remembered panel', () => {
  it('is read from the cookie among others; unknown values count as no choice', () => {
    expect(rememberedPanel('')).toBeNull();
    expect(rememberedPanel(`a=1; ${CHAT_PANEL_COOKIE}=closed; b=2`)).toBe('closed');
    expect(rememberedPanel(`${CHAT_PANEL_COOKIE}=minimized`)).toBe('minimized');
    expect(rememberedPanel(`${CHAT_PANEL_COOKIE}=open`)).toBe('open');
    expect(rememberedPanel(`${CHAT_PANEL_COOKIE}=huge`)).toBeNull();
    expect(rememberedPanel(`x${CHAT_PANEL_COOKIE}=closed`)).toBeNull();
  });

  it('is a session cookie for the visit, a persistent one (180 days) once the visitor has chatted, Secure on https', () => {
    const visit = recordingDocument();
    rememberPanel('closed', { chatted: false }, visit.doc);
    expect(visit.written).toEqual([`${CHAT_PANEL_COOKIE}=closed; Path=/; SameSite=Lax`]);

    const chatter = recordingDocument('', 'https:');
    rememberPanel('minimized', { chatted: true }, chatter.doc);
    expect(CHATTED_MAX_AGE_SECONDS).toBe(180 * 24 * 3600);
    expect(chatter.written).toEqual([
      `${CHAT_PANEL_COOKIE}=minimized; Path=/; Max-Age=${CHATTED_MAX_AGE_SECONDS}; SameSite=Lax; Secure`,
    ]);
  });

  it('is made persistent when the visitor chats after choosing, and nothing is written when they made no choice', () => {
    const chose = recordingDocument(`${CHAT_PANEL_COOKIE}=closed`);
    keepChoiceOfChatter(chose.doc);
    expect(chose.written).toEqual([
      `${CHAT_PANEL_COOKIE}=closed; Path=/; Max-Age=${CHATTED_MAX_AGE_SECONDS}; SameSite=Lax`,
    ]);

    const noChoice = recordingDocument('other=1');
    keepChoiceOfChatter(noChoice.doc);
    expect(noChoice.written).toEqual([]);
  });
});

describe('the panel a page starts with', () => {
  it("on a desktop: open on the first view of a visit, then the visitor's choice", () => {
    expect(initialPanel()).toBe('open');
    for (const panel of ['closed', 'minimized', 'open'] as const) {
      rememberPanel(panel, { chatted: false });
      expect(initialPanel()).toBe(panel);
    }
  });

  it('on a phone: minimized (never the full-screen panel over the page), or closed when the visitor closed it', () => {
    setViewportWidth(375);
    expect(initialPanel()).toBe('minimized');
    rememberPanel('open', { chatted: false });
    expect(initialPanel()).toBe('minimized');
    rememberPanel('closed', { chatted: false });
    expect(initialPanel()).toBe('closed');
  });

  it('on the server (no document, no window): open', () => {
    expect(initialPanel(undefined, undefined)).toBe('open');
  });
});

// The product page's later parts (the variant table's chunk) wait for the page's start only where the server drew
// their HTML and the page has not started: never in a page drawn in the browser, nor once started.
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { afterPageStart } from './afterStart';

/** Whether the promise has settled after the pending microtasks and one task. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute(STARTED_ATTRIBUTE);
});

describe('afterPageStart', () => {
  it('resolves at once where the server drew no such element (a page drawn in the browser)', async () => {
    expect(await settled(afterPageStart('variants'))).toBe(true);
  });

  it("waits for the page's start where the server's HTML is there, and resolves when it comes", async () => {
    document.body.innerHTML = '<div id="variants"><table></table></div>';
    const started = afterPageStart('variants');
    expect(await settled(started)).toBe(false);
    document.documentElement.setAttribute('data-other', '');
    expect(await settled(started)).toBe(false);
    document.documentElement.setAttribute(STARTED_ATTRIBUTE, '');
    expect(await settled(started)).toBe(true);
  });

  it('resolves at once on a page already started', async () => {
    document.body.innerHTML = '<div id="variants"></div>';
    document.documentElement.setAttribute(STARTED_ATTRIBUTE, '');
    expect(await settled(afterPageStart('variants'))).toBe(true);
  });
});

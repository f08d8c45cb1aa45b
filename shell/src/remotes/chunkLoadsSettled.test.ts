import { chunkLoadsSettled } from './chunkLoadsSettled';

/** A chunk script as webpack adds it while the chunk loads. */
function loadingChunk(id: number): HTMLScriptElement {
  const script = document.createElement('script');
  script.setAttribute('data-webpack', `company:chunk-${id}`);
  document.head.append(script);
  return script;
}

const settledNow = async (settling: Promise<void>): Promise<boolean> =>
  Promise.race([settling.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 0))]);

afterEach(() => document.head.querySelectorAll('script').forEach((script) => script.remove()));

describe('chunkLoadsSettled', () => {
  it('resolves at once when no chunk is loading (other scripts aside)', async () => {
    const shellScript = document.createElement('script');
    shellScript.src = 'https://site.example/main.js';
    document.head.append(shellScript);
    await expect(settledNow(chunkLoadsSettled())).resolves.toBe(true);
  });

  it('resolves once the last chunk that was loading has loaded or failed', async () => {
    const first = loadingChunk(351);
    const second = loadingChunk(685);
    const settling = chunkLoadsSettled();

    first.remove();
    await expect(settledNow(settling)).resolves.toBe(false);
    second.remove();
    await expect(settledNow(settling)).resolves.toBe(true);
  });
});

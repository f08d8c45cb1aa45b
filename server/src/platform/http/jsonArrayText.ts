// A JSON array's text written a page of elements at a time, in exactly the bytes JSON.stringify gives the whole array
// (indented by 2, or on one line) followed by a newline: a file of any length is sent without ever being held whole.
// Each page is stringified as an array of its own and its brackets taken off, so that the elements' text is
// JSON.stringify's own (an element of an indented array is indented one level deeper, as in the whole array's text).

/** The text of `[...page1, ...page2, ...]` + '\n' as JSON.stringify(all, null, indented ? 2 : undefined) writes it, in pieces. */
export async function* jsonArrayText(
  pages: AsyncIterable<readonly unknown[]>,
  indented: boolean,
): AsyncGenerator<string> {
  // JSON.stringify(page, null, 2) is '[\n  <element>,\n  <element>\n]': the elements lie between '[\n' and '\n]'
  const [open, separator, close] = indented ? ['[\n', ',\n', '\n]'] : ['[', ',', ']'];
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const text = indented ? JSON.stringify(page, null, 2) : JSON.stringify(page);
    const elements = text.slice(open.length, text.length - close.length);
    yield first ? `${open}${elements}` : `${separator}${elements}`;
    first = false;
  }
  yield first ? '[]\n' : `${close}\n`;
}

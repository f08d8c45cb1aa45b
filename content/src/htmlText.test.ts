import { htmlToText } from './htmlText';

// The cases where the two former copies differed (the knowledge base's and the PDF generator's).
describe('htmlToText', () => {
  it('drops tags, decodes entities and collapses spaces', () => {
    expect(htmlToText('<p>Cut to <strong>length</strong> &amp; on&nbsp;drums</p>\n<br/>')).toBe(
      'Cut to length & on drums',
    );
  });

  it('does not split a word around an inline tag, nor leave a space before punctuation', () => {
    expect(htmlToText('<p>Conductor 16 mm<sub>2</sub>, by <strong>Hex</strong>, <em>3M</em>.</p>')).toBe(
      'Conductor 16 mm2, by Hex, 3M.',
    );
  });

  it('separates paragraphs, headings and list items by a space on one line', () => {
    expect(htmlToText('<h3>Range</h3><p>Low &amp; high</p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'Range Low & high One Two',
    );
  });

  it('keeps them as lines, with bulleted list items, when asked', () => {
    expect(htmlToText('<p>Low &amp; high</p><ul><li>One</li><li>Two</li></ul>', { keepLines: true })).toBe(
      'Low & high\n• One\n• Two',
    );
    expect(htmlToText('First<br>second <br/> third', { keepLines: true })).toBe('First\nsecond\nthird');
  });

  it('decodes an entity once: an escaped entity stays as text', () => {
    expect(htmlToText('Use &amp;lt; and &lt;b&gt; &quot;as is&quot; &#39;here&apos;')).toBe(
      'Use &lt; and <b> "as is" \'here\'',
    );
  });
});

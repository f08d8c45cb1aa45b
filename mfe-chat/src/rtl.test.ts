// The chat mirrors on a right-to-left page from the same stylesheet: its styles use logical properties
// (inset-inline-end, padding-inline, border-end-start-radius, text-align: end…), never a physical left or right, except
// where a side is meant whatever the direction (listed below, with why).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const PHYSICAL =
  /\b(?:margin|padding|border|inset)-(?:left|right)\b|(?<![-\w])(?:left|right)\s*:|text-align:\s*(?:left|right)\b|float:\s*(?:left|right)\b|border-(?:top|bottom)-(?:left|right)-radius|translateX\(/;

/** Physical sides on purpose. */
const ALLOWED = [
  // an e-mail or phone field (written left to right) stays aligned with the other fields of a right-to-left form
  "[dir='rtl'] &[dir='ltr'] { text-align: right; }",
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it('the chat styles name no physical side', () => {
  const found = sourceFiles(__dirname).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line: line.trim(), where: `${relative(__dirname, file)}:${index + 1}` }))
      .filter(
        ({ line }) => PHYSICAL.test(line) && !ALLOWED.includes(line) && !line.startsWith('//') && !line.startsWith('*'),
      ),
  );
  expect(found).toEqual([]);
});

it('the send icon is mirrored on a right-to-left page', () => {
  expect(readFileSync(join(__dirname, 'messages/Composer.tsx'), 'utf8')).toMatch(
    /&:dir\(rtl\) svg \{ transform: scaleX\(-1\); \}/,
  );
});

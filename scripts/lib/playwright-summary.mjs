// What `npm test` reads of Playwright's closing summary beyond its counts.

/** The tests named under Playwright's "N flaky" lines (its summary lists each on an indented line), each once. */
export const flakyNames = (output) => {
  const names = new Set();
  const lines = output.split('\n');
  lines.forEach((line, at) => {
    if (!/^\s*\d+ flaky\s*$/.test(line)) return;
    for (const next of lines.slice(at + 1)) {
      if (!/^\s+\S/.test(next) || /^\s*\d+ (passed|failed|skipped|flaky|did not run|interrupted)\b/.test(next)) break;
      names.add(next.trim());
    }
  });
  return [...names];
};

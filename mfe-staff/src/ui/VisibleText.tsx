// Text that someone outside typed (an e-mail given at sign-in, a name in an export) shown to staff as it is, with no
// way to disguise itself: every control and invisible formatting character is written out as ⟨U+XXXX⟩, so a line
// break cannot start a fake audit line and U+202E cannot reverse the address after it; and the whole value sits in a
// <bdi>, so right-to-left text in it cannot reorder the cell around it.

/**
 * Characters that show nothing or move other text: C0/C1 controls, every format character (Unicode's Cf: soft hyphen,
 * zero-width characters, direction marks, embeddings, overrides, isolates, BOM, the tag characters U+E0000–U+E007F…),
 * line and paragraph separators, the Hangul fillers and the combining grapheme joiner (default-ignorable, shown blank).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u034f\u115f\u1160\u3164\uffa0\u2060-\u206f\u{e0000}-\u{e007f}]/gu;

/** `text` with each hidden character written out as ⟨U+XXXX⟩ (a tag character as ⟨U+E0041⟩). */
export function withHiddenCharactersShown(text: string): string {
  return text.replace(
    HIDDEN,
    (character) => `⟨U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}

export function VisibleText({ text }: { text: string }) {
  return <bdi>{withHiddenCharactersShown(text)}</bdi>;
}

// Text that someone outside typed (an e-mail given at sign-in, a name in an export) shown to staff as it is, with no
// way to disguise itself: every control and invisible formatting character is written out as ⟨U+XXXX⟩, so a line
// break cannot start a fake audit line and U+202E cannot reverse the address after it; and the whole value sits in a
// <bdi>, so right-to-left text in it cannot reorder the cell around it.

/** C0/C1 controls, zero-width characters, direction marks, embeddings, overrides, isolates, line separators, BOM. */
// eslint-disable-next-line no-control-regex -- control characters are what this shows
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** `text` with each hidden character written out as ⟨U+XXXX⟩. */
export function withHiddenCharactersShown(text: string): string {
  return text.replace(HIDDEN, (character) => `⟨U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

export function VisibleText({ text }: { text: string }) {
  return <bdi>{withHiddenCharactersShown(text)}</bdi>;
}

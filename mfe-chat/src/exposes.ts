// The chat remote's public surface: each module webpack.config.cjs exposes, by expose name, with its type. The shell
// type-checks what it loads from this remote and the props it passes against this map (`import type` from
// '@site/mfe-chat/exposes', see shell/src/remotes/remoteExposes.ts). Lists the same modules as `exposes` in
// webpack.config.cjs (a shell test checks it).
export type ChatExposes = {
  './ChatWidget': typeof import('./widget/ChatWidget');
};

// webpack's Module Federation globals (replaced at build time in the shell's browser build): they fill the page's share
// scope with the shell's shared modules, which each remote container is then given.
declare const __webpack_init_sharing__: (shareScope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

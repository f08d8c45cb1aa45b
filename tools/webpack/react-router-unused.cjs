// A loader for react-router's bundled files, in every browser build that bundles the router (the shell's and the staff
// host's facade, shared/react-router-dom.mjs; the monolith). NavLink and Form are each made by a call a minifier cannot
// know is pure (`var NavLink = React10.forwardRef(...)`), then given a display name (`NavLink.displayName = ...`), so
// webpack and Terser kept both, with all they use (the form submission helpers, useSubmit, useFormAction,
// useViewTransitionState...), though no app imports either: the facade does not export them. Marked pure and without
// their display names (read only by React's developer tools), they go: main.js 121,430 B brotli instead of 122,904
// (2026-11-29). If the facade ever exports one of them, take it off this list.
const UNUSED_COMPONENTS = ['NavLink', 'Form'];

/** @this {import('webpack').LoaderContext<{}>} */
module.exports = function reactRouterUnused(source) {
  let out = source;
  for (const name of UNUSED_COMPONENTS) {
    const displayName = new RegExp(`^${name}\\.displayName = "[^"\\n]*";$`, 'm');
    if (!displayName.test(out)) continue; // not this file's component
    const made = new RegExp(`^var ${name} = (React\\d*\\.forwardRef\\()`, 'm');
    if (!made.test(out)) {
      // react-router changed how it writes the component: it stays in the bundle (the first-view budgets will tell)
      this.emitWarning(
        new Error(
          `react-router-unused: ${name} is no longer made by a forwardRef at the top of ${this.resourcePath}; it stays in the bundle.`,
        ),
      );
      continue;
    }
    out = out.replace(made, `var ${name} = /* @__PURE__ */ $1`).replace(displayName, '');
  }
  return out;
};

// The shell's server-render module (tools/webpack/server-render.cjs builds it into dist/server/render.<hash>.js), loaded by
// the site's server (server/src/http/ssr). Besides the render function it hands over the shell's copies of the shared
// workspace packages: the remotes' server-render modules use these, as their browser builds use the shell's.
export { renderPage, type RenderPageInput, type RenderedPage, type ServerPageModule } from './renderPage';
export * as sharedUi from '@site/shared-ui';
export * as sharedStore from '@site/shared-store';

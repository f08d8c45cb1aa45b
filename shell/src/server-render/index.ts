// The shell's server-render module (tools/webpack/server-render.cjs builds it into dist/server/render.<hash>.js), loaded by
// the site's server (server/src/pages/ssr). Besides the render function it hands over the shell's copies of the shared
// workspace packages: the remotes' server-render modules use its shared-store (the one store), as their browser builds
// do. They bundle their own shared-ui (it is shared by version: tools/webpack/server-render.cjs); the shell's is still
// handed over for remote releases built before that.
export { renderPage, type RenderPageInput, type RenderedPage, type ServerPageModule } from './renderPage';
export * as sharedUi from '@site/shared-ui';
export * as sharedStore from '@site/shared-store';

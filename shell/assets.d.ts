/** A file webpack copies into the build (an asset module: tools/webpack/module-rules.cjs): its address there. */
declare module '*.woff2' {
  const url: string;
  export default url;
}

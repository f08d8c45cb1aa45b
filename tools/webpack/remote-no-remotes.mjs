// A remote's stand-in for @module-federation/webpack-bundler-runtime's remotes.js (federated-app.cjs puts it in the
// remotes' builds). A remote loads no other remote (`disableRemote`: the bundler runtime's `remotes` is left unset), yet
// that module stayed in every remoteEntry.js, and through its import of @module-federation/sdk the sdk's logger too
// (~490 B gzip each).
export const remotes = undefined;

// Which paths a browser may navigate to (a page's address) and which name files: the pages, the staff surface and the
// staff host's page tell them apart alike.

/** Paths under these prefixes are never client routes: an unknown one is a plain 404. */
const NON_CLIENT_PREFIXES = ['/api', '/data', '/remotes', '/images', '/uploads', '/media'];

/** A file extension on the last segment: a dot then 1-8 letters/digits, at least one letter (so "2.5" is not one). */
const FILE_EXTENSION = /\.(?=[0-9a-z]*[a-z])[0-9a-z]{1,8}$/i;

export function hasFileExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return FILE_EXTENSION.test(last);
}

/** A path the browser may navigate to: no file extension, not under /api, /data, /remotes, /images, /uploads. */
export function isClientRoutePath(pathname: string): boolean {
  if (hasFileExtension(pathname)) return false;
  return !NON_CLIENT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

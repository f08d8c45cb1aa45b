// The pipelines' release API addresses, in a module of their own: `npm run remotes` needs them and nothing else of the
// server (loading the routes' modules took it seconds to start).
/** The API's addresses. */
export const RELEASES_API = {
  remotes: '/api/releases/remotes',
  remote: (remote: string) => `/api/releases/remotes/${encodeURIComponent(remote)}`,
  releases: (remote: string) => `/api/releases/remotes/${encodeURIComponent(remote)}/releases`,
  canary: (remote: string) => `/api/releases/remotes/${encodeURIComponent(remote)}/canary`,
  promote: (remote: string) => `/api/releases/remotes/${encodeURIComponent(remote)}/promote`,
  rollback: (remote: string) => `/api/releases/remotes/${encodeURIComponent(remote)}/rollback`,
  runs: (remote: string) => `/api/releases/remotes/${encodeURIComponent(remote)}/runs`,
  qaToken: (remote: string) => `/api/releases/remotes/${encodeURIComponent(remote)}/qa-token`,
} as const;

// The type contract between the shell and the remotes: each remote declares the modules it exposes, with their types,
// in its own src/exposes.ts (the same list as `exposes` in its webpack.config.cjs, remoteExposes.test.ts checks it);
// the shell checks against those declarations every module it names and every prop it passes (RemotePage,
// RemoteWidget, the route table). A remote change that breaks the shell's use of it fails `npm run typecheck`
// (remoteContract.test.ts proves it on a copy). Type-only: no remote code enters the shell's bundle.
import type { ComponentProps, JSXElementConstructor } from 'react';
import type { LoadFirstView } from '@site/shared-store';
import type { CatalogueExposes } from '@site/mfe-catalogue/exposes';
import type { ChatExposes } from '@site/mfe-chat/exposes';
import type { CompanyExposes } from '@site/mfe-company/exposes';
import type { ContactExposes } from '@site/mfe-contact/exposes';
import type { RemoteName } from './remotesMap';

/**
 * What the shell does with an exposed module: it renders its default export, and on the server (server-render/) first
 * runs its `loadFirstView` when it has one.
 */
export interface ExposedModuleShape {
  /** Any component: its props are checked where the shell renders it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: unknown would accept no component with required props
  default: JSXElementConstructor<any>;
  loadFirstView?: LoadFirstView;
}

/** Every remote of the map, each exposing modules of the shape the shell uses (a compile error otherwise). */
type Contract<
  T extends { [R in RemoteName]: { [modulePath: string]: ExposedModuleShape } } & Record<
    Exclude<keyof T, RemoteName>,
    never
  >,
> = T;

/** The modules each remote exposes, by expose name ('./SearchModal'), as the remote declares them. */
export type RemoteExposes = Contract<{
  catalogue: CatalogueExposes;
  company: CompanyExposes;
  contact: ContactExposes;
  chat: ChatExposes;
}>;

/** The expose names of a remote ('./CategoryListPage' | './SearchModal' | ...). */
export type ExposedModulePath<R extends RemoteName> = keyof RemoteExposes[R] & string;

/** The props of an exposed module's component (none: `Record<never, never>`). */
export type ExposedProps<R extends RemoteName, M extends ExposedModulePath<R>> = RemoteExposes[R][M] extends {
  default: infer C extends ExposedModuleShape['default'];
}
  ? unknown extends ComponentProps<C>
    ? Record<never, never>
    : ComponentProps<C>
  : never;

/** `componentProps` as the component takes them: none for a page, required as soon as it has a required prop. */
type ComponentPropsField<P> = [keyof P] extends [never]
  ? { componentProps?: undefined }
  : Record<never, never> extends P
    ? { componentProps?: P }
    : { componentProps: P };

/**
 * A remote module to render and the props for its component: one member per exposed module, e.g.
 * `{ remote: 'catalogue', modulePath: './SearchModal', componentProps: SearchModalProps }`.
 */
export type RemoteComponentProps = {
  [R in RemoteName]: {
    [M in ExposedModulePath<R>]: { remote: R; modulePath: M } & ComponentPropsField<ExposedProps<R, M>>;
  }[ExposedModulePath<R>];
}[RemoteName];

/** The same without the typing: what the shell's loader works with at run time. */
export interface UncheckedRemoteComponentProps {
  remote: RemoteName;
  modulePath: string;
  componentProps?: object;
}

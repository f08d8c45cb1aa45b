// Compile-time checks that an answer schema's type is the TypeScript type the apps use: a schema that drifts from its
// interface (a field added to one only, a union widened) is a type error in the contracts package, not a fake or a
// client quietly disagreeing with the server.

/** true when A and B are the same type (not merely assignable: optional and readonly count). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only for `true`: `Expect<Equals<z.infer<typeof schema>, Type>>`. */
export type Expect<T extends true> = T;

/**
 * T as its JSON carries it: a key whose value may be undefined (`canary: Release | undefined`) is left out of the
 * JSON, so an answer schema has it optional. Compare a schema with `Equals<z.infer<typeof schema>, AsJson<T>>`.
 */
export type AsJson<T> = T extends (infer E)[]
  ? AsJson<E>[]
  : T extends object
    ? Flatten<
        { [K in keyof T as undefined extends T[K] ? K : never]?: AsJson<Exclude<T[K], undefined>> } & {
          [K in keyof T as undefined extends T[K] ? never : K]: AsJson<T[K]>;
        }
      >
    : T;

type Flatten<T> = { [K in keyof T]: T[K] };

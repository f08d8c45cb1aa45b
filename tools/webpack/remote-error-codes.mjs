// A remote's stand-in for @module-federation/error-codes (federated-app.cjs aliases it in the remotes' builds). There the
// package's one importer is @module-federation/runtime's wrapper, whose every check names RUNTIME-009 with the runtime's
// table of messages: this is that message alone, not the table of fifteen (~270 B gzip of each remoteEntry.js). The
// shell's runtime-core, which reports the others, keeps the package's own table.
export const RUNTIME_009 = 'RUNTIME-009';
export const runtimeDescMap = { [RUNTIME_009]: 'Please call createInstance first.' };

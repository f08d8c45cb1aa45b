// Where a command-line tool writes: standard output and error, or a test's strings. Apart from cliDatabase.ts so that a
// tool that opens no database (`npm run remotes`) loads none of it.
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

// `npm run staff -- <command>`: staff accounts (see src/staff/cli.ts). On a terminal the password is typed twice and
// not shown; piped in (scripts, tests), its first line is the password.
import { staffCli } from '../src/staff/cli.js';

/** Reads one line from the terminal without echoing it (raw mode: each key arrives as typed). */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new Error('Cancelled.'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** Standard input up to its end; its first line. */
async function readPipedLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine();
  const first = await promptHidden('New password (at least 12 characters, not shown): ');
  const second = await promptHidden('The same password again: ');
  if (first !== second) throw new Error('The two passwords differ: nothing was changed.');
  return first;
}

process.exitCode = await staffCli(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readPassword,
});

// A process serving the staff work calls on the database `env` names (staffWorkCrashChild.ts), for the tests that
// need two processes on one database or one to kill mid-write.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'staffWorkCrashChild.ts');

/** Starts the child on `env` (DATA_DIR or DATABASE_URL) and answers once it listens: its address, without a final '/'. */
export async function startStaffWorkChild(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child did not listen in 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (http:\/\/\S+)/.exec(output);
      if (found !== null) {
        clearTimeout(timer);
        resolve(found[1]!.replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before listening:\n${output}`)));
  });
  return { child, url };
}

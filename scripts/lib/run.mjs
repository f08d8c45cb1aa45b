// Small helpers for the root scripts. Node built-ins only: these run before `npm install` has.
import { spawn } from 'node:child_process';

export const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command with inherited output; resolves with its exit code. `capture` also keeps its output; `echo: false` only keeps it. */
export function run(command, args, { cwd, env, capture = false, echo = true } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: capture ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (capture) {
      child.stdout.on('data', (chunk) => {
        if (echo) process.stdout.write(chunk);
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        if (echo) process.stderr.write(chunk);
        output += chunk;
      });
    }
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve({ code: 127, output });
    });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

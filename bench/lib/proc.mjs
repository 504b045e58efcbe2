// Child processes of one bench run: each in its own process group (a Ctrl-C in the
// terminal reaches only the bench, which then stops them in order), output to a log
// file in the run's tmp dir, stopped with SIGTERM then SIGKILL. Nothing else is ever
// signalled: only the pids started here.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const tail = (path, n = 20) => {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '';
  }
};

/** A port nobody listens on now (tiny race until the child binds it; fine on a bench box). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export class Children {
  /** @param {string} logDir */
  constructor(logDir) {
    this.logDir = logDir;
    /** @type {{ name: string, child: import('node:child_process').ChildProcess, logPath: string }[]} */
    this.list = [];
  }

  /** node <script> with env; returns { child, logPath, exited } */
  spawnNode(name, script, env, { cwd, nodeArgs = [] } = {}) {
    const logPath = join(this.logDir, `${name}.log`);
    const fd = openSync(logPath, 'a');
    const child = spawn(process.execPath, [...nodeArgs, script], { cwd, env, detached: true, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    child.once('error', () => undefined);
    const entry = { name, child, logPath };
    entry.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.list.push(entry);
    return entry;
  }

  isRunning(entry) {
    return entry.child.exitCode === null && entry.child.signalCode === null;
  }

  /** Polls check() until it returns a truthy value; fails early when the child died. */
  async waitFor(entry, check, { timeoutMs = 60_000, what = 'ready' } = {}) {
    const until = Date.now() + timeoutMs;
    let last;
    while (Date.now() < until) {
      if (!this.isRunning(entry)) {
        throw new Error(
          `${entry.name} exited (code ${entry.child.exitCode ?? entry.child.signalCode}) before ${what}; last lines of ${entry.logPath}:\n${tail(entry.logPath)}`,
        );
      }
      try {
        last = await check();
        if (last) return last;
      } catch (e) {
        last = e;
      }
      await sleep(200);
    }
    throw new Error(
      `${entry.name} not ${what} within ${timeoutMs / 1000} s (${last instanceof Error ? last.message : JSON.stringify(last)}); last lines of ${entry.logPath}:\n${tail(entry.logPath)}`,
    );
  }

  /** Stops every child, newest first: SIGTERM, up to graceMs, then SIGKILL (its group too) if still running. */
  async stopAll(graceMs = 8000) {
    for (const entry of [...this.list].reverse()) {
      if (!this.isRunning(entry)) continue;
      try {
        process.kill(entry.child.pid, 'SIGTERM');
      } catch {
        continue;
      }
      await Promise.race([entry.exited, sleep(graceMs)]);
      if (this.isRunning(entry)) killHard(entry.child.pid);
    }
    this.list = [];
  }

  /** Last resort in a synchronous 'exit' handler. */
  killAllSync() {
    for (const entry of this.list) if (this.isRunning(entry)) killHard(entry.child.pid);
  }
}

function killHard(pid) {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

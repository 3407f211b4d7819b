import fs from 'node:fs';

/** Lines are written at once when this many characters wait, else after the current turn of the event loop. */
const FLUSH_CHARS = 64 * 1024;
const EAGAIN_WAIT_MS = 10;
/** A reader that takes nothing for this long (a stalled log collector) costs the lines, not the server. */
export const STALLED_READER_MS = 1000;

/**
 * Where the server's log lines go: gathered while the event loop runs, then written together with
 * one write system call right after (setImmediate), and whatever is left when the process exits.
 * pino's asynchronous destination (sonic-boom) measured each new line against the text already
 * waiting, copying it whole every time: under load that was a sixth of the server's time in garbage
 * collection (docs/performance.md). Writes are synchronous, as Node's own stdout is to files and
 * pipes; a full non-blocking pipe is waited for, up to a second without progress. A descriptor
 * that cannot be written at all (a closed pipe) loses the lines, never the process.
 */
export function createLogDestination(fd: number) {
  let pending: string[] = [];
  let pendingLength = 0;
  let scheduled = false;
  const sleep = new Int32Array(new SharedArrayBuffer(4));
  const flushSync = () => {
    if (!pending.length) return;
    let data = Buffer.from(pending.join(''));
    pending = [];
    pendingLength = 0;
    for (let waited = 0; data.length;) {
      try {
        data = data.subarray(fs.writeSync(fd, data));
        waited = 0;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || waited >= STALLED_READER_MS) return;
        Atomics.wait(sleep, 0, 0, EAGAIN_WAIT_MS);
        waited += EAGAIN_WAIT_MS;
      }
    }
  };
  process.on('exit', flushSync);
  return {
    write(line: string) {
      pending.push(line);
      pendingLength += line.length;
      if (pendingLength >= FLUSH_CHARS) flushSync();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          flushSync();
        });
      }
    },
    flushSync,
  };
}

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogDestination, STALLED_READER_MS } from './log-destination.ts';

describe('createLogDestination', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-log-'));
  const file = path.join(dir, 'out.log');
  let fd = -1;
  const open = () => {
    fd = fs.openSync(file, 'w');
    return createLogDestination(fd);
  };
  afterEach(() => {
    vi.restoreAllMocks();
    if (fd >= 0) fs.closeSync(fd);
    fd = -1;
  });

  it('writes the lines of one turn of the event loop together, right after it', async () => {
    const writes = vi.spyOn(fs, 'writeSync');
    const destination = open();
    for (let i = 0; i < 50; i++) destination.write(`{"n":${i}}\n`);
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    await nextTurn();
    expect(writes).toHaveBeenCalledTimes(1);
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).n)).toEqual([...Array(50).keys()]);
  });

  it('writes at once when 64 kB wait, so a long turn holds no more than that', () => {
    const destination = open();
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 63; i++) destination.write(line);
    expect(fs.statSync(file).size).toBe(0);
    destination.write(line);
    expect(fs.statSync(file).size).toBe(64 * 1024);
  });

  it('writes what waits when asked (at exit), and keeps multi-byte text whole', () => {
    const destination = open();
    destination.write('{"msg":"café ☕"}\n');
    destination.flushSync();
    expect(fs.readFileSync(file, 'utf8')).toBe('{"msg":"café ☕"}\n');
  });

  it('waits for a slow reader of a full non-blocking pipe, and gives up on one that never reads', async () => {
    const fifo = path.join(dir, `fifo-${Date.now()}`);
    execFileSync('mkfifo', [fifo]);
    const readEnd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const writeEnd = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    const out = path.join(dir, 'from-fifo.log');
    // A reader that starts late: the first 64 kB fill the pipe, the rest wait for it.
    const reader = spawn('sh', ['-c', `sleep 0.3; cat "${fifo}" > "${out}"`]);
    const readerDone = new Promise((resolve) => reader.once('exit', resolve));
    const destination = createLogDestination(writeEnd);
    const lines = Array.from({ length: 200 }, (_, i) => `{"n":${i},"pad":"${'p'.repeat(1000)}"}\n`);
    for (const line of lines) destination.write(line);
    destination.flushSync();
    fs.closeSync(writeEnd);
    fs.closeSync(readEnd);
    await readerDone;
    expect(fs.readFileSync(out, 'utf8')).toBe(lines.join(''));

    // Nobody reads: the pipe fills, and after STALLED_READER_MS the rest is dropped.
    const stalledFifo = `${fifo}-stalled`;
    execFileSync('mkfifo', [stalledFifo]);
    const stalledRead = fs.openSync(stalledFifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stalledWrite = fs.openSync(stalledFifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    const stalled = createLogDestination(stalledWrite);
    const started = Date.now();
    // 64 lines fill the pipe's 64 kB (written at once when that much waits); the next ones wait, then go.
    for (const line of lines.slice(0, 70)) stalled.write(line);
    stalled.flushSync();
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALLED_READER_MS);
    fs.closeSync(stalledWrite);
    fs.closeSync(stalledRead);
  });

  it('loses the lines, not the process, when the descriptor cannot be written', () => {
    const destination = open();
    fs.closeSync(fd);
    fd = -1;
    destination.write('{"msg":"lost"}\n');
    expect(() => destination.flushSync()).not.toThrow();
  });
});

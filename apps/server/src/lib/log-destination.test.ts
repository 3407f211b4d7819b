import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogDestination } from './log-destination.ts';

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

  it('loses the lines, not the process, when the descriptor cannot be written', () => {
    const destination = open();
    fs.closeSync(fd);
    fd = -1;
    destination.write('{"msg":"lost"}\n');
    expect(() => destination.flushSync()).not.toThrow();
  });
});

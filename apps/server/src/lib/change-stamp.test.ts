import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { changeStampOf } from './change-stamp.ts';

describe('changeStampOf', () => {
  it('reads the stamp once per request, at its first look', () => {
    let reads = 0;
    const database = { changeStamp: () => `${++reads}.1` };
    const first = {} as FastifyRequest;
    const second = {} as FastifyRequest;
    expect(changeStampOf(first, database)).toBe('1.1');
    expect(changeStampOf(first, database)).toBe('1.1');
    expect(changeStampOf(second, database)).toBe('2.1');
    expect(changeStampOf(first, database)).toBe('1.1');
    expect(reads).toBe(2);
  });

  it('keeps "no stamp" (PostgreSQL) without asking again', () => {
    let reads = 0;
    const database = {
      changeStamp: () => {
        reads++;
        return null;
      },
    };
    const request = {} as FastifyRequest;
    expect(changeStampOf(request, database)).toBeNull();
    expect(changeStampOf(request, database)).toBeNull();
    expect(reads).toBe(1);
  });
});

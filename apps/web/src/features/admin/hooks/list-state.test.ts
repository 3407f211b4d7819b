import { describe, expect, it } from 'vitest';
import { CLIENT_LIST } from '../components/clients/clients-list-config';
import { REQUEST_LIST } from '../components/requests/requests-list-config';
import { applyFilter, applyPageSize, applySearch, applySort, readListState, writeListState } from './list-state';

const read = (search: string) => readListState(new URLSearchParams(search), CLIENT_LIST);

describe('list state in the URL', () => {
  it('reads the list defaults from an empty URL', () => {
    expect(read('')).toEqual({ search: '', page: 1, pageSize: 10, sortBy: 'name', sortDir: 'asc', filters: { status: 'all' } });
    expect(readListState(new URLSearchParams(), REQUEST_LIST)).toMatchObject({
      sortBy: 'createdAt',
      sortDir: 'desc',
      filters: { status: 'all', type: 'all' },
    });
  });

  it('falls back to defaults for invalid values', () => {
    expect(read('page=-2&pageSize=13&sortBy=secret&sortDir=up&status=deleted')).toEqual(read(''));
    expect(read('page=2.5').page).toBe(1);
  });

  it('round-trips state and leaves defaults out of the URL', () => {
    const state = {
      ...read(''),
      search: 'acme',
      page: 3,
      pageSize: 20,
      sortBy: 'owner' as const,
      sortDir: 'desc' as const,
      filters: { status: 'paused' as const },
    };
    const params = writeListState(new URLSearchParams('other=keep'), state, CLIENT_LIST);
    expect(params.toString()).toBe('other=keep&search=acme&status=paused&sortBy=owner&sortDir=desc&page=3&pageSize=20');
    expect(read(params.toString())).toEqual(state);
    expect(writeListState(new URLSearchParams('page=4&status=active'), read(''), CLIENT_LIST).toString()).toBe('');
  });
});

describe('sort rules of the admin lists', () => {
  const onPage3 = { ...read(''), page: 3 };

  it('flips the direction when the current sort column is clicked', () => {
    expect(applySort(onPage3, 'name')).toMatchObject({ sortBy: 'name', sortDir: 'desc', page: 3 });
    expect(applySort(applySort(onPage3, 'name'), 'name')).toMatchObject({ sortBy: 'name', sortDir: 'asc' });
  });

  it('sorts by another column keeping the direction, back on page 1', () => {
    expect(applySort(onPage3, 'owner')).toMatchObject({ sortBy: 'owner', sortDir: 'asc', page: 1 });
    expect(applySort({ ...onPage3, sortDir: 'desc' }, 'status')).toMatchObject({ sortBy: 'status', sortDir: 'desc', page: 1 });
  });
});

describe('page reset', () => {
  const onPage3 = { ...read(''), page: 3 };

  it('goes back to page 1 on a search, filter or page size change', () => {
    expect(applySearch(onPage3, 'acme').page).toBe(1);
    expect(applyFilter(onPage3, 'status', 'active').page).toBe(1);
    expect(applyPageSize(onPage3, 50).page).toBe(1);
  });

  it('keeps the page when nothing changed', () => {
    expect(applySearch(onPage3, '')).toBe(onPage3);
    expect(applyFilter(onPage3, 'status', 'all')).toBe(onPage3);
    expect(applyPageSize(onPage3, 10)).toBe(onPage3);
  });
});

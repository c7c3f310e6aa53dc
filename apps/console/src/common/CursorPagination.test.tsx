import { NUMBERED_PAGES, pagerItems } from './CursorPagination';

/** The items as text: numbers with how each moves (p: page number, a: after, b: before, l: last, *: current). */
const shown = (p: Parameters<typeof pagerItems>[0]) =>
  pagerItems(p)
    .map((item) => (item === 'gap' ? '…' : `${item.page}${!item.move ? '*' : 'page' in item.move ? 'p' : 'after' in item.move ? 'a' : 'before' in item.move ? 'b' : 'l'}`))
    .join(' ');

describe('the cursor pager', () => {
  it('numbers the first pages, moves next to them by cursor and jumps to the last page', () => {
    expect(NUMBERED_PAGES).toBe(5);
    expect(shown({ currentPage: 1, lastPage: 3, prevCursor: null, nextCursor: 'n' })).toBe('1* 2p 3p');
    expect(shown({ currentPage: 2, lastPage: 20_000, prevCursor: 'p', nextCursor: 'n' })).toBe('1p 2* 3p 4p 5p … 20000l');
    expect(shown({ currentPage: 5, lastPage: 20_000, prevCursor: 'p', nextCursor: 'n' })).toBe('1p 2p 3p 4p 5* 6a … 20000l');
  });

  it('deep in the list: the current page and its neighbours by cursor', () => {
    expect(shown({ currentPage: 5001, lastPage: 20_000, prevCursor: 'p', nextCursor: 'n' })).toBe('1p 2p 3p 4p 5p … 5000b 5001* 5002a … 20000l');
    expect(shown({ currentPage: 19_999, lastPage: 20_000, prevCursor: 'p', nextCursor: 'n' })).toBe('1p 2p 3p 4p 5p … 19998b 19999* 20000l');
    expect(shown({ currentPage: 20_000, lastPage: 20_000, prevCursor: 'p', nextCursor: null })).toBe('1p 2p 3p 4p 5p … 19999b 20000*');
  });
});

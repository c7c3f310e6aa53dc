import { readOrderNumber } from './api/deposit';

describe('an order number as staff type it', () => {
  it('reads the number with or without its branch, full-width too, and nothing else', () => {
    expect(readOrderNumber('20261105-0000031')).toEqual({ orderNo: '20261105-0000031', branchNo: null });
    expect(readOrderNumber(' 20261105-0000031-2 ')).toEqual({ orderNo: '20261105-0000031', branchNo: 2 });
    expect(readOrderNumber('２０２６１１０５－０００００３１－２')).toEqual({ orderNo: '20261105-0000031', branchNo: 2 });
    for (const text of ['', '2026110-31', '20261105-000003', '20261105-0000031-', '20261105-0000031-1-1', 'x20261105-0000031']) expect(readOrderNumber(text)).toBeNull();
  });
});

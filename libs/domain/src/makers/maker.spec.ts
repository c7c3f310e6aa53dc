import { orderMethodIssues } from './maker';

describe('maker order method', () => {
  it('needs a fax number for fax orders', () => {
    expect(orderMethodIssues('fax', { fax: '', email: 'a@b.jp' })).toEqual([{ field: 'fax', errorCode: 'NAL-MAKER-001' }]);
    expect(orderMethodIssues('fax', { fax: '  ' })).toEqual([{ field: 'fax', errorCode: 'NAL-MAKER-001' }]);
    expect(orderMethodIssues('fax', { fax: '03-1234-5678' })).toEqual([]);
  });

  it('needs an e-mail address for e-mail orders', () => {
    expect(orderMethodIssues('email', { fax: '03-1234-5678', email: null })).toEqual([{ field: 'email', errorCode: 'NAL-MAKER-002' }]);
    expect(orderMethodIssues('email', { email: 'orders@maker.co.jp' })).toEqual([]);
  });
});

import { DomainError } from '../errors/domain-error';
import {
  AccountFacts,
  assertMayManage,
  assertSelfChangeAllowed,
  makerLinkIssues,
  normaliseEmail,
  socialSignInRefusal,
} from './user';

const facts = (over: Partial<AccountFacts> = {}): AccountFacts => ({
  id: '1',
  role: 'operator',
  status: 'valid',
  allowSocialLogin: true,
  makerId: null,
  ...over,
});

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof DomainError ? e.code : 'not a domain error';
  }
}

describe('account rules', () => {
  it('normalises e-mail addresses', () => {
    expect(normaliseEmail('  Taro.Yamada@Example.JP ')).toBe('taro.yamada@example.jp');
  });

  describe('who may manage whom', () => {
    it('lets a system admin manage system admins', () => {
      expect(codeOf(() => assertMayManage({ id: '9', role: 'system_admin' }, 'system_admin', 'operator'))).toBeNull();
    });
    it('lets an approver manage other roles', () => {
      expect(codeOf(() => assertMayManage({ id: '9', role: 'approver' }, 'operator', 'accountant'))).toBeNull();
      expect(codeOf(() => assertMayManage({ id: '9', role: 'approver' }, null, 'maker'))).toBeNull();
    });
    it('refuses an approver touching a system admin or making one (NAL-USER-003)', () => {
      expect(codeOf(() => assertMayManage({ id: '9', role: 'approver' }, 'system_admin', null))).toBe('NAL-USER-003');
      expect(codeOf(() => assertMayManage({ id: '9', role: 'approver' }, 'operator', 'system_admin'))).toBe('NAL-USER-003');
      expect(codeOf(() => assertMayManage({ id: '9', role: 'approver' }, null, 'system_admin'))).toBe('NAL-USER-003');
    });
  });

  describe('maker link', () => {
    it('requires a maker for maker users', () => {
      expect(makerLinkIssues('maker', null)).toEqual([{ field: 'maker_id', errorCode: 'NAL-USER-001' }]);
      expect(makerLinkIssues('maker', '12')).toEqual([]);
    });
    it('refuses a maker for other roles', () => {
      expect(makerLinkIssues('operator', '12')).toEqual([{ field: 'maker_id', errorCode: 'NAL-USER-002' }]);
      expect(makerLinkIssues('operator', null)).toEqual([]);
    });
  });

  describe('changing yourself', () => {
    const me = { id: '1', role: 'approver' as const };
    it('refuses deleting yourself (NAL-USER-004)', () => {
      expect(codeOf(() => assertSelfChangeAllowed(me, facts({ role: 'approver' }), { delete: true }))).toBe('NAL-USER-004');
    });
    it('refuses changing your own role or status (NAL-USER-005)', () => {
      expect(codeOf(() => assertSelfChangeAllowed(me, facts({ role: 'approver' }), { role: 'operator' }))).toBe('NAL-USER-005');
      expect(codeOf(() => assertSelfChangeAllowed(me, facts({ role: 'approver' }), { status: 'invalid' }))).toBe('NAL-USER-005');
    });
    it('allows keeping your own role and status, and changing others', () => {
      expect(codeOf(() => assertSelfChangeAllowed(me, facts({ role: 'approver' }), { role: 'approver', status: 'valid' }))).toBeNull();
      expect(codeOf(() => assertSelfChangeAllowed(me, facts({ id: '2' }), { delete: true }))).toBeNull();
    });
  });

  describe('social sign-in', () => {
    it('refuses an unknown e-mail with NAL-LO-01', () => {
      expect(socialSignInRefusal(null)).toBe('NAL-LO-01');
    });
    it('refuses an invalid account or one without social login with NAL-LO-02', () => {
      expect(socialSignInRefusal(facts({ status: 'invalid' }))).toBe('NAL-LO-02');
      expect(socialSignInRefusal(facts({ allowSocialLogin: false }))).toBe('NAL-LO-02');
    });
    it('admits a valid account', () => {
      expect(socialSignInRefusal(facts())).toBeNull();
    });
  });
});

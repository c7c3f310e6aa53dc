import { DomainError } from '../errors';
import { chatSideOf, checkMessageChange, checkStatusChange, CONVERSATION_LIMITS, CONVERSATION_STATUS, otherSide, statusAfterMessage, statusReopened } from './conversation';
import { openingState, MAKER_INQUIRY_STATE } from '../maker-inquiries/maker-inquiry';

const codeOf = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
};

describe('conversation status', () => {
  it.each([
    ['maker', 'staff', CONVERSATION_STATUS.waitingMaker],
    ['maker', 'maker', CONVERSATION_STATUS.waitingCompany],
    ['customer', 'staff', undefined],
  ] as const)('a %s thread after a message of %s is %s', (kind, author, status) => {
    expect(statusAfterMessage(kind, author)).toBe(status);
  });

  it('writes a maker account on the maker side, every other role on the company side', () => {
    expect(chatSideOf('maker')).toBe('maker');
    expect(chatSideOf('call_center')).toBe('staff');
  });

  it('notifies the other side of a maker thread, nobody on a customer thread', () => {
    expect(otherSide('maker', 'staff')).toBe('maker');
    expect(otherSide('maker', 'maker')).toBe('staff');
    expect(otherSide('customer', 'staff')).toBeNull();
  });

  it('reopens to whoever waits after the last message', () => {
    expect(statusReopened('maker')).toBe(CONVERSATION_STATUS.waitingCompany);
    expect(statusReopened('staff')).toBe(CONVERSATION_STATUS.waitingMaker);
    expect(statusReopened(null)).toBe(CONVERSATION_STATUS.waitingMaker);
  });

  it('is set by hand by staff on maker threads only', () => {
    expect(codeOf(() => checkStatusChange('maker', 'staff'))).toBeNull();
    expect(codeOf(() => checkStatusChange('maker', 'maker'))).toBe('NAL-CHAT-006');
    expect(codeOf(() => checkStatusChange('customer', 'staff'))).toBe('NAL-CHAT-005');
  });

  it('an inquiry opened by one side waits for the other', () => {
    expect(openingState('staff')).toBe(MAKER_INQUIRY_STATE.waitingMaker);
    expect(openingState('maker')).toBe(MAKER_INQUIRY_STATE.waitingCompany);
  });
});

describe('editing and deleting a message', () => {
  const posted = new Date('2026-11-27T00:00:00Z');
  const hours = (h: number) => new Date(posted.getTime() + h * 3600_000);
  const mine = { authorId: '7', createdAt: posted, deletedAt: null };

  it.each([
    ['the author, at once', mine, '7', 0, 'edit', null],
    ['the author, at the end of the window', mine, '7', CONVERSATION_LIMITS.editWindowHours, 'edit', null],
    ['the author, a second after the window', mine, '7', CONVERSATION_LIMITS.editWindowHours + 1 / 3600, 'edit', 'NAL-CHAT-002'],
    ['the author deleting after the window', mine, '7', CONVERSATION_LIMITS.editWindowHours + 1, 'delete', 'NAL-CHAT-002'],
    ['someone else', mine, '8', 0, 'edit', 'NAL-CHAT-001'],
    ['someone else deleting', mine, '8', 0, 'delete', 'NAL-CHAT-001'],
    ['a message of a deleted account', { ...mine, authorId: null }, '7', 0, 'delete', 'NAL-CHAT-001'],
    ['editing a deleted message', { ...mine, deletedAt: posted }, '7', 0, 'edit', 'NAL-CHAT-003'],
    ['deleting it again', { ...mine, deletedAt: posted }, '7', 0, 'delete', null],
  ] as const)('%s', (_, message, actor, after, change, code) => {
    expect(codeOf(() => checkMessageChange(message, actor, hours(after), change))).toBe(code);
  });
});

import { ChatSide, chatSideOf, ConversationKind, DomainError, isAllowed, NotFoundError } from '@oms/domain';
import { ConversationRepository, ConversationRow } from '@oms/infra';
import { EntityManager } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { makerScope } from '../makers/maker-queries';

/** The side a user writes on (libs/domain chatSideOf). */
export const sideOf = (user: SignedInUser): ChatSide => chatSideOf(user.role);

/** A thread's kind holds it to its row of DESIGN.md §8: maker threads `maker-chat`, customer threads `customer-chat`. */
export function checkKindAllowed(user: SignedInUser, kind: ConversationKind): void {
  if (!isAllowed(user.role, kind === 'maker' ? 'maker-chat' : 'customer-chat')) throw new DomainError('NAL-403');
}

/** The thread as the user may read it: 404 when it is not theirs to see (another maker's, a customer's for a maker), 403 for a role without its kind. */
export async function readableConversation(repo: ConversationRepository, id: string, user: SignedInUser, m?: EntityManager): Promise<ConversationRow> {
  const conversation = await repo.find(id, makerScope(user), m);
  if (!conversation) throw new NotFoundError('conversation');
  checkKindAllowed(user, conversation.kind);
  return conversation;
}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CONVERSATION_STATUS, DomainError, FieldIssue, FieldValidationError, MAKER_INQUIRY_METHOD, MakerInquiryMethod, NotFoundError, openingState, statusReopened } from '@oms/domain';
import { ConversationRepository, MakerInquiryRepository, MakerInquiryWrite } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { blankToNull } from '../common/validation/blank';
import { postMessage } from '../conversations/conversation-commands';
import { sideOf } from '../conversations/conversation-access';
import { makerScope } from '../makers/maker-queries';
import { CreateMakerInquiryBody, UpdateMakerInquiryBody } from './maker-inquiry.dto';
import { makerInquiryView, MakerInquiryView } from './maker-inquiry.view';

/**
 * The maker, customer and person in charge must be live records (422 `not_found` on the field
 * otherwise): those given anew only, so that an inquiry of a maker disabled since can still be closed.
 */
async function checkReferences(m: EntityManager, inquiries: MakerInquiryRepository, write: MakerInquiryWrite, current?: { makerId: string; customerId: string | null; personInChargeId: string | null }): Promise<void> {
  const anew = <K extends 'makerId' | 'customerId' | 'personInChargeId'>(key: K) => (current && current[key] === write[key] ? null : write[key]);
  const found = await inquiries.references(m, { makerId: anew('makerId'), customerId: anew('customerId'), personInChargeId: anew('personInChargeId') });
  const issues: FieldIssue[] = [];
  if (!found.maker) issues.push({ field: 'maker_id', errorCode: 'not_found' });
  if (!found.customer) issues.push({ field: 'customer_id', errorCode: 'not_found' });
  if (!found.person) issues.push({ field: 'person_in_charge_id', errorCode: 'not_found' });
  if (issues.length) throw new FieldValidationError(issues);
}

export class CreateMakerInquiry extends Command<MakerInquiryView> {
  constructor(readonly user: SignedInUser, readonly body: CreateMakerInquiryBody) {
    super();
  }
}

/**
 * POST /maker-inquiries: the inquiry, its thread and its first message in one transaction. Staff name
 * the maker and method; a maker account asks for its own maker, through the console (method 'system'),
 * with nothing of the shop's (customer, memo, person in charge).
 */
@CommandHandler(CreateMakerInquiry)
export class CreateMakerInquiryHandler implements ICommandHandler<CreateMakerInquiry> {
  constructor(private readonly dataSource: DataSource, private readonly inquiries: MakerInquiryRepository, private readonly conversations: ConversationRepository) {}

  async execute({ user, body }: CreateMakerInquiry) {
    const side = sideOf(user);
    let write: MakerInquiryWrite;
    if (side === 'maker') {
      if (!user.makerId) throw new DomainError('NAL-403');
      write = { makerId: user.makerId, customerId: null, method: MAKER_INQUIRY_METHOD.system, memo: null, personInChargeId: null };
    } else {
      const missing: FieldIssue[] = [];
      if (body.method == null) missing.push({ field: 'method', errorCode: 'required' });
      if (body.makerId == null) missing.push({ field: 'maker_id', errorCode: 'required' });
      if (missing.length) throw new FieldValidationError(missing);
      write = {
        makerId: String(body.makerId),
        customerId: body.customerId == null ? null : String(body.customerId),
        method: body.method as MakerInquiryMethod,
        memo: blankToNull(body.memo) ?? null,
        personInChargeId: String(body.personInChargeId ?? user.id),
      };
    }
    return this.dataSource.transaction(async (m) => {
      await checkReferences(m, this.inquiries, write);
      const id = await this.inquiries.create(m, write, user.id);
      const conversationId = await this.conversations.openForInquiry(m, id, write.makerId, openingState(side));
      await postMessage(m, this.conversations, { id: conversationId, kind: 'maker' }, user, body.message);
      return makerInquiryView((await this.inquiries.find(id, makerScope(user), m))!, user);
    });
  }
}

export class UpdateMakerInquiry extends Command<MakerInquiryView> {
  constructor(readonly user: SignedInUser, readonly id: string, readonly body: UpdateMakerInquiryBody) {
    super();
  }
}

/**
 * PUT /maker-inquiries/{id}: staff's fields at the version read (NAL-INQ-001), and 'processed and save'
 * (processed: true closes the thread; false reopens it for whoever waits after the last message). The
 * maker changes only while the thread has no message of a maker (NAL-INQ-002: it would show the thread to another maker).
 */
@CommandHandler(UpdateMakerInquiry)
export class UpdateMakerInquiryHandler implements ICommandHandler<UpdateMakerInquiry> {
  constructor(private readonly dataSource: DataSource, private readonly inquiries: MakerInquiryRepository, private readonly conversations: ConversationRepository) {}

  async execute({ user, id, body }: UpdateMakerInquiry) {
    return this.dataSource.transaction(async (m) => {
      const current = await this.inquiries.lock(m, id);
      if (!current) throw new NotFoundError('maker_inquiry');
      if (current.version !== body.version) throw new DomainError('NAL-INQ-001');
      const write: MakerInquiryWrite = {
        makerId: String(body.makerId),
        customerId: body.customerId == null ? null : String(body.customerId),
        method: body.method as MakerInquiryMethod,
        memo: blankToNull(body.memo) ?? null,
        personInChargeId: body.personInChargeId == null ? null : String(body.personInChargeId),
      };
      await checkReferences(m, this.inquiries, write, current);
      const conversationId = (await this.conversations.idOfInquiry(m, id))!;
      await this.conversations.lock(m, conversationId);
      if (write.makerId !== current.makerId && !(await this.conversations.moveInquiryThread(m, conversationId, write.makerId))) {
        throw new DomainError('NAL-INQ-002');
      }
      await this.inquiries.update(m, id, body.version, write);
      if (body.processed !== undefined) {
        const thread = (await this.conversations.find(conversationId, undefined, m))!;
        const processed = thread.status === CONVERSATION_STATUS.processed;
        if (body.processed !== processed) {
          await this.conversations.nextChange(m, conversationId, { status: body.processed ? CONVERSATION_STATUS.processed : statusReopened(thread.lastAuthorSide) });
        }
      }
      return makerInquiryView((await this.inquiries.find(id, makerScope(user), m))!, user);
    });
  }
}

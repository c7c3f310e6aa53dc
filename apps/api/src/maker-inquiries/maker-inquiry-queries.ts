import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MakerInquiryMethod, MakerInquiryState, NotFoundError } from '@oms/domain';
import { MAKER_INQUIRY_LIST_ORDER, MakerInquiryRepository } from '@oms/infra';
import type { SignedInUser } from '../auth/access.decorators';
import { keysetPage, KeysetPagination, Page } from '../common/http/envelope';
import { pagePosition } from '../common/http/page.query';
import { makerScope } from '../makers/maker-queries';
import { MakerInquiryListQuery } from './maker-inquiry.dto';
import { makerInquiryView, MakerInquiryView } from './maker-inquiry.view';

export class ListMakerInquiries extends Query<Page<MakerInquiryView, KeysetPagination>> {
  constructor(readonly user: SignedInUser, readonly query: MakerInquiryListQuery) {
    super();
  }
}

@QueryHandler(ListMakerInquiries)
export class ListMakerInquiriesHandler implements IQueryHandler<ListMakerInquiries> {
  constructor(private readonly inquiries: MakerInquiryRepository) {}

  async execute({ user, query }: ListMakerInquiries) {
    const filter = {
      makerId: query.makerId === undefined ? undefined : String(query.makerId),
      states: query.state === undefined ? undefined : [query.state as MakerInquiryState],
      processed: query.processed === undefined ? undefined : query.processed === 1,
      method: query.method as MakerInquiryMethod | undefined,
      keyword: query.keyword || undefined,
    };
    const found = await this.inquiries.list(filter, makerScope(user), pagePosition(query, MAKER_INQUIRY_LIST_ORDER), query.perPage);
    return keysetPage(found.rows.map((r) => makerInquiryView(r, user)), found, query.perPage);
  }
}

export class GetMakerInquiry extends Query<MakerInquiryView> {
  constructor(readonly user: SignedInUser, readonly id: string) {
    super();
  }
}

@QueryHandler(GetMakerInquiry)
export class GetMakerInquiryHandler implements IQueryHandler<GetMakerInquiry> {
  constructor(private readonly inquiries: MakerInquiryRepository) {}

  async execute({ user, id }: GetMakerInquiry) {
    const inquiry = await this.inquiries.find(id, makerScope(user));
    if (!inquiry) throw new NotFoundError('maker_inquiry');
    return makerInquiryView(inquiry, user);
  }
}

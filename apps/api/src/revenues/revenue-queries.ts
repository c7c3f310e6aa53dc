import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { japanToday, NotFoundError, parseDate } from '@oms/domain';
import { advancePaymentsCopy, copyCsv, CopyCsvQuery, receivablesCopy, REVENUE_LIST_ORDER, RevenueFilter, revenueLinesCopy, RevenueRepository, revenueSsCopy } from '@oms/infra';
import { DataSource } from 'typeorm';
import type { CsvDownload } from '../common/http/csv-response';
import { csvEncodingOf, CsvEncodingQuery } from '../common/http/csv-encoding.query';
import { keysetPage, KeysetPagination, Page } from '../common/http/envelope';
import { pagePosition } from '../common/http/page.query';
import { RevenueFilterQuery, RevenueListQuery, RevenuePrepaysQuery, RevenueSsQuery } from './revenue.dto';
import { revenueTotalsView, RevenueTotalsView, revenueView, RevenueView } from './revenue.view';

/** A page of revenue records with the totals of the whole filter. */
export interface RevenuePage extends Page<RevenueView, KeysetPagination> {
  totals: RevenueTotalsView;
}

export class ListRevenues extends Query<RevenuePage> {
  constructor(readonly query: RevenueListQuery) {
    super();
  }
}

export class GetRevenue extends Query<RevenueView> {
  constructor(readonly id: string) {
    super();
  }
}

/** Which CSV of revenues: the SS journal of a month, the receivables, the advance payments, one record's lines. */
export type RevenueFile =
  | { kind: 'ss'; query: RevenueSsQuery }
  | { kind: 'receivables'; query: RevenueFilterQuery }
  | { kind: 'prepays'; query: RevenuePrepaysQuery }
  | { kind: 'lines'; revenueId: string; query: CsvEncodingQuery };

export class RevenueCsv extends Query<CsvDownload> {
  constructor(readonly file: RevenueFile) {
    super();
  }
}

/** The filter of the wire's query, dates normalised (`Y/m/d` → `YYYY-MM-DD`). */
export function revenueFilterOf(q: RevenueFilterQuery | RevenueListQuery): RevenueFilter {
  return {
    salesMonth: q.salesMonth,
    shipDateFrom: q.shipDateFrom ? parseDate(q.shipDateFrom)! : undefined,
    shipDateTo: q.shipDateTo ? parseDate(q.shipDateTo)! : undefined,
    shopId: q.shopId === undefined ? undefined : String(q.shopId),
    makerId: q.makerId === undefined ? undefined : String(q.makerId),
    paymentMethodId: q.paymentMethodId,
    keyword: q.keyword,
  };
}

/** GET /revenues: newest shipment first, by keyset; the totals are exact for the whole filter. */
@QueryHandler(ListRevenues)
export class ListRevenuesHandler implements IQueryHandler<ListRevenues> {
  constructor(private readonly revenues: RevenueRepository) {}

  async execute({ query }: ListRevenues): Promise<RevenuePage> {
    const found = await this.revenues.list(revenueFilterOf(query), pagePosition(query, REVENUE_LIST_ORDER), query.perPage);
    return { ...keysetPage(found.rows.map(revenueView), found, query.perPage), totals: revenueTotalsView(found.totals) };
  }
}

@QueryHandler(GetRevenue)
export class GetRevenueHandler implements IQueryHandler<GetRevenue> {
  constructor(private readonly revenues: RevenueRepository) {}

  async execute({ id }: GetRevenue) {
    const revenue = await this.revenues.find(id);
    if (!revenue) throw new NotFoundError('revenue');
    return revenueView(revenue);
  }
}

const compact = (date: string) => date.replace(/-/g, '');

/** The CSVs of revenues, streamed by PostgreSQL's COPY (DESIGN.md §10): UTF-8 with BOM or Shift_JIS, formula cells neutralised. */
@QueryHandler(RevenueCsv)
export class RevenueCsvHandler implements IQueryHandler<RevenueCsv> {
  constructor(private readonly dataSource: DataSource, private readonly revenues: RevenueRepository) {}

  async execute({ file }: RevenueCsv): Promise<CsvDownload> {
    const { copy, filename } = await this.fileOf(file);
    const encoding = csvEncodingOf(file.query);
    return { filename, encoding, body: copyCsv(this.dataSource, copy, encoding) };
  }

  private async fileOf(file: RevenueFile): Promise<{ copy: CopyCsvQuery; filename: string }> {
    switch (file.kind) {
      case 'ss':
        return { copy: revenueSsCopy(revenueFilterOf(file.query)), filename: `ss_${compact(file.query.salesMonth!)}.csv` };
      case 'receivables': {
        const month = file.query.salesMonth ? `_${compact(file.query.salesMonth)}` : '';
        return { copy: receivablesCopy(revenueFilterOf(file.query)), filename: `receivables${month}.csv` };
      }
      case 'prepays': {
        const date = file.query.date ? parseDate(file.query.date)! : japanToday();
        return { copy: advancePaymentsCopy(date), filename: `prepays_${compact(date)}.csv` };
      }
      case 'lines': {
        const revenue = await this.revenues.find(file.revenueId);
        if (!revenue) throw new NotFoundError('revenue');
        return { copy: revenueLinesCopy(file.revenueId), filename: `revenue_${revenue.orderNo}-${revenue.branchNo}.csv` };
      }
    }
  }
}

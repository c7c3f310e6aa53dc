import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '@oms/domain';
import { productListKeyset, ProductRepository } from '@oms/infra';
import type { CsvDownload } from '../common/http/csv-response';
import type { SignedInUser } from '../auth/access.decorators';
import { keysetPage, KeysetPagination, Page } from '../common/http/envelope';
import { pagePosition } from '../common/http/page.query';
import { makerScope } from '../makers/maker-queries';
import { exportProductsCsv } from './product-csv';
import { ProductChangesQuery, ProductExportQuery, ProductFilterQuery, ProductListQuery } from './product.dto';
import { productChangeView, ProductChangeView, productView, ProductView } from './product.view';

/** How far back the recent-changes notice looks when `since` is not given. */
export const RECENT_CHANGES_DAYS = 7;
export const RECENT_CHANGES_LIMIT = 200;

export class ListProducts extends Query<Page<ProductView, KeysetPagination>> {
  constructor(readonly user: SignedInUser, readonly query: ProductListQuery) {
    super();
  }
}

export class GetProduct extends Query<ProductView> {
  constructor(readonly user: SignedInUser, readonly id: string) {
    super();
  }
}

export class RecentProductChanges extends Query<ProductChangeView[]> {
  constructor(readonly user: SignedInUser, readonly query: ProductChangesQuery) {
    super();
  }
}


export class ExportProducts extends Query<CsvDownload> {
  constructor(readonly user: SignedInUser, readonly query: ProductExportQuery) {
    super();
  }
}

export function productFilter(user: SignedInUser, q: ProductFilterQuery) {
  return {
    keyword: q.keyword,
    shopIds: q.shopId?.map(String),
    makerIds: q.makerId?.map(String),
    states: q.state,
    isDisplay: q.isDisplay,
    onlyMakerId: makerScope(user),
  };
}

@QueryHandler(ListProducts)
export class ListProductsHandler implements IQueryHandler<ListProducts> {
  constructor(private readonly products: ProductRepository) {}

  async execute({ user, query: q }: ListProducts): Promise<Page<ProductView, KeysetPagination>> {
    const order = productListKeyset(q.sort, q.order === 'desc');
    const found = await this.products.list(productFilter(user, q), order, pagePosition(q, order), q.perPage);
    return keysetPage(found.rows.map(productView), found, q.perPage);
  }
}

@QueryHandler(GetProduct)
export class GetProductHandler implements IQueryHandler<GetProduct> {
  constructor(private readonly products: ProductRepository) {}

  async execute({ user, id }: GetProduct): Promise<ProductView> {
    const product = await this.products.findById(id, { onlyMakerId: makerScope(user) });
    if (!product) throw new NotFoundError('product');
    return productView(product);
  }
}

@QueryHandler(RecentProductChanges)
export class RecentProductChangesHandler implements IQueryHandler<RecentProductChanges> {
  constructor(private readonly products: ProductRepository) {}

  async execute({ user, query }: RecentProductChanges): Promise<ProductChangeView[]> {
    const since = query.since ? new Date(query.since) : new Date(Date.now() - RECENT_CHANGES_DAYS * 24 * 3600 * 1000);
    return (await this.products.recentChanges(since, makerScope(user), RECENT_CHANGES_LIMIT)).map(productChangeView);
  }
}

@QueryHandler(ExportProducts)
export class ExportProductsHandler implements IQueryHandler<ExportProducts> {
  constructor(private readonly products: ProductRepository) {}

  async execute({ user, query }: ExportProducts): Promise<CsvDownload> {
    const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    return {
      filename: `products-${stamp}.csv`,
      encoding: query.encoding,
      body: exportProductsCsv(this.products.stream(productFilter(user, query)), query.encoding),
    };
  }
}

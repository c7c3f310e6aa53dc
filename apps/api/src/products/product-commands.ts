import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, FieldIssue, FieldValidationError, NotFoundError, priceWithTax, shopProductIdIssues, trackedChanges } from '@oms/domain';
import {
  ProductRepository,
  ProductRow,
  ProductWrite,
  PRODUCTS_MAKER_FK,
  PRODUCTS_MAKER_PRODUCT_CODE_UNIQUE,
  PRODUCTS_PRODUCT_CODE_UNIQUE,
  PRODUCTS_SHOP_FK,
} from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { constrainedWrite } from '../common/unique';
import { blankOrMissingToNull } from '../common/validation/blank';
import { ProductBody, UpdateProductBody } from './product.dto';
import { productView, ProductView } from './product.view';

export class CreateProduct extends Command<ProductView> {
  constructor(readonly user: SignedInUser, readonly body: ProductBody) {
    super();
  }
}

export class UpdateProduct extends Command<ProductView> {
  constructor(readonly user: SignedInUser, readonly id: string, readonly body: UpdateProductBody) {
    super();
  }
}

/** DELETE /products/{id}: refused (NAL-PRO-006) while an order line carries the product. */
export class DeleteProduct extends Command<void> {
  constructor(readonly id: string) {
    super();
  }
}


/**
 * A validated body (and, on update, the product it changes: fields left out keep their value)
 * made into the row to write, with the tax and price with tax derived, never taken from the client.
 */
export function toWrite(body: ProductBody, before?: ProductRow): ProductWrite {
  const pick = <K extends keyof ProductBody & keyof ProductWrite>(key: K, fallback: ProductWrite[K]): ProductBody[K] | ProductWrite[K] =>
    body[key] === undefined ? (before ? before[key] : fallback) : body[key];
  const price = body.price;
  const taxPercentage = body.taxPercentage;
  return {
    productCode: body.productCode,
    ownProductCode: blankOrMissingToNull(pick('ownProductCode', null)),
    ecProductCode: blankOrMissingToNull(pick('ecProductCode', null)),
    makerProductCode: blankOrMissingToNull(pick('makerProductCode', null)),
    shopId: String(body.shopId),
    shopProductId: blankOrMissingToNull(pick('shopProductId', null)),
    makerId: String(body.makerId),
    productName: body.productName,
    categoryName: blankOrMissingToNull(pick('categoryName', null)),
    price,
    taxPercentage,
    ...priceWithTax(price, taxPercentage),
    wholesalePrice: (pick('wholesalePrice', null) as number | null | undefined) ?? null,
    option1: blankOrMissingToNull(pick('option1', null)),
    option2: blankOrMissingToNull(pick('option2', null)),
    shippingType: body.shippingType,
    availableShipment: (pick('availableShipment', true) as boolean | undefined) ?? true,
    estimateShipDate: blankOrMissingToNull(pick('estimateShipDate', null)),
    deliveryCategory: blankOrMissingToNull(pick('deliveryCategory', null)),
    isDisplay: (pick('isDisplay', true) as boolean | undefined) ?? true,
    postingSupportStatus: pick('postingSupportStatus', 'supported') ?? 'supported',
    state: pick('state', 'available') ?? 'available',
  };
}

/** The rules that need the shop: it exists (and is not deleted), and the shop's product id has its platform's digits. */
async function shopIssues(products: ProductRepository, write: ProductWrite, manager: EntityManager): Promise<FieldIssue[]> {
  const platform = await products.shopPlatform(write.shopId, manager);
  if (!platform) return [{ field: 'shop_id', errorCode: 'exists' }];
  return shopProductIdIssues(write.shopProductId, platform);
}

const constrained = <T>(work: () => Promise<T>) =>
  constrainedWrite(
    {
      unique: { [PRODUCTS_PRODUCT_CODE_UNIQUE]: 'product_code', [PRODUCTS_MAKER_PRODUCT_CODE_UNIQUE]: 'maker_product_code' },
      references: { [PRODUCTS_SHOP_FK]: 'shop_id', [PRODUCTS_MAKER_FK]: 'maker_id' },
    },
    work,
  );

@CommandHandler(CreateProduct)
export class CreateProductHandler implements ICommandHandler<CreateProduct> {
  constructor(private readonly dataSource: DataSource, private readonly products: ProductRepository) {}

  execute({ body }: CreateProduct): Promise<ProductView> {
    const write = toWrite(body);
    return constrained(() =>
      this.dataSource.transaction(async (m) => {
        const issues = await shopIssues(this.products, write, m);
        if (issues.length) throw new FieldValidationError(issues);
        const id = await this.products.insert(m, write);
        return productView((await this.products.findById(id, { manager: m }))!);
      }),
    );
  }
}

@CommandHandler(UpdateProduct)
export class UpdateProductHandler implements ICommandHandler<UpdateProduct> {
  constructor(private readonly dataSource: DataSource, private readonly products: ProductRepository) {}

  execute({ user, id, body }: UpdateProduct): Promise<ProductView> {
    return constrained(() =>
      this.dataSource.transaction(async (m) => {
        const before = await this.products.findById(id, { manager: m, lock: true });
        if (!before) throw new NotFoundError('product');
        if (before.version !== body.version) throw new DomainError('NAL-PRO-001');
        const write = toWrite(body, before);
        const issues = await shopIssues(this.products, write, m);
        if (issues.length) throw new FieldValidationError(issues);
        const changes = trackedChanges(before, write);
        if (!(await this.products.update(m, id, body.version, write, changes.length > 0))) throw new DomainError('NAL-PRO-001');
        await this.products.recordChanges(m, id, changes, user.id);
        return productView((await this.products.findById(id, { manager: m }))!);
      }),
    );
  }
}

@CommandHandler(DeleteProduct)
export class DeleteProductHandler implements ICommandHandler<DeleteProduct> {
  constructor(private readonly dataSource: DataSource, private readonly products: ProductRepository) {}

  async execute({ id }: DeleteProduct): Promise<void> {
    const outcome = await this.dataSource.transaction((m) => this.products.delete(m, id));
    if (outcome === 'missing') throw new NotFoundError('product');
    if (outcome === 'on-orders') throw new DomainError('NAL-PRO-006');
  }
}

import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DomainError, domainEvent, FieldValidationError, NotFoundError, ShopContact, shopContactIssues } from '@oms/domain';
import { appendToOutbox, SecretBox, ShopRepository, SHOPS_CODE_UNIQUE, SHOPS_OWNER_FK, ShopWrite } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { page, Page } from '../common/http/envelope';
import { constrainedWrite } from '../common/unique';
import { ShopBody, ShopListQuery, UpdateShopBody } from './shop.dto';
import { shopView, ShopView } from './shop.view';
import { blankToNull, given } from '../common/validation/blank';

export class ListShops extends Query<Page<ShopView>> {
  constructor(readonly query: ShopListQuery) {
    super();
  }
}

export class GetShop extends Query<ShopView> {
  constructor(readonly id: string) {
    super();
  }
}

export class CreateShop extends Command<ShopView> {
  constructor(readonly body: ShopBody) {
    super();
  }
}

export class UpdateShop extends Command<ShopView> {
  constructor(readonly id: string, readonly body: UpdateShopBody) {
    super();
  }
}

export class DeleteShop extends Command<void> {
  constructor(readonly id: string) {
    super();
  }
}

const constrained = <T>(work: () => Promise<T>) =>
  constrainedWrite({ unique: { [SHOPS_CODE_UNIQUE]: 'code' }, references: { [SHOPS_OWNER_FK]: 'owner_user_id' } }, work);

/** The write of a body: undefined = not given (kept on update); secrets sealed, '' clears them. */
function toWrite(body: ShopBody, box: SecretBox): { [K in keyof ShopWrite]: ShopWrite[K] | undefined } {
  const seal = (plain: string | null | undefined) => (plain === undefined || plain === null ? undefined : plain === '' ? null : box.seal(plain));
  return {
    name: body.name,
    code: body.code,
    type: body.type,
    ecShopId: blankToNull(body.ecShopId),
    ecPasswordSealed: seal(body.ecPassword),
    adminUrl: blankToNull(body.adminUrl),
    productAuthCodeSealed: seal(body.productAuthCode),
    orderAuthCodeSealed: seal(body.orderAuthCode),
    memberAuthCodeSealed: seal(body.memberAuthCode),
    ownerUserId: body.ownerUserId === undefined || body.ownerUserId === null ? body.ownerUserId : String(body.ownerUserId),
    npLimitAmount: body.npLimitAmount,
    ediStopAmount: body.ediStopAmount,
    orderReminderDays: body.orderReminderDays,
    orderReminderHour: body.orderReminderHour,
    shipReminderDays: body.shipReminderDays,
    shipReminderHour: body.shipReminderHour,
    contactCompany: blankToNull(body.contactCompany),
    contactPerson: blankToNull(body.contactPerson),
    contactPhone: blankToNull(body.contactPhone),
    contactFax: blankToNull(body.contactFax),
    contactEmail: blankToNull(body.contactEmail),
  };
}

/** A contact with no e-mail would send makers' replies nowhere (libs/domain shopContactIssues). */
function checkContact(contact: Omit<ShopContact, 'name'>) {
  const issues = shopContactIssues(contact);
  if (issues.length) throw new FieldValidationError(issues);
}

/** The owner must be a live account (the foreign key alone would accept a deleted one). */
async function checkOwner(shops: ShopRepository, m: EntityManager, ownerUserId: string | null | undefined) {
  if (ownerUserId && !(await shops.liveUserExists(m, ownerUserId))) throw new FieldValidationError([{ field: 'owner_user_id', errorCode: 'exists' }]);
}

@QueryHandler(ListShops)
export class ListShopsHandler implements IQueryHandler<ListShops> {
  constructor(private readonly shops: ShopRepository, private readonly box: SecretBox) {}

  async execute({ query: q }: ListShops): Promise<Page<ShopView>> {
    const { rows, total } = await this.shops.list({ keyword: q.keyword, types: q.type }, q.page, q.perPage);
    return page(rows.map((s) => shopView(s, this.box)), total, q.page, q.perPage);
  }
}

@QueryHandler(GetShop)
export class GetShopHandler implements IQueryHandler<GetShop> {
  constructor(private readonly shops: ShopRepository, private readonly box: SecretBox) {}

  async execute({ id }: GetShop): Promise<ShopView> {
    const shop = await this.shops.findById(id);
    if (!shop) throw new NotFoundError('shop');
    return shopView(shop, this.box);
  }
}

/** Workers follow a shop's reminder days and hours from this event: a change reschedules without a restart. */
const shopSaved = (m: EntityManager, shopId: string) =>
  appendToOutbox(m, [domainEvent('shop.saved', String(shopId), { shopId: String(shopId) })]);

@CommandHandler(CreateShop)
export class CreateShopHandler implements ICommandHandler<CreateShop> {
  constructor(private readonly dataSource: DataSource, private readonly shops: ShopRepository, private readonly box: SecretBox) {}

  execute({ body }: CreateShop): Promise<ShopView> {
    const write = toWrite(body, this.box);
    const full = Object.fromEntries(Object.entries(write).map(([k, v]) => [k, v ?? null])) as ShopWrite;
    checkContact(full);
    return constrained(() =>
      this.dataSource.transaction(async (m) => {
        await checkOwner(this.shops, m, full.ownerUserId);
        const shop = await this.shops.insert(m, full);
        await shopSaved(m, shop.id);
        return shopView(shop, this.box);
      }),
    );
  }
}

@CommandHandler(UpdateShop)
export class UpdateShopHandler implements ICommandHandler<UpdateShop> {
  constructor(private readonly dataSource: DataSource, private readonly shops: ShopRepository, private readonly box: SecretBox) {}

  execute({ id, body }: UpdateShop): Promise<ShopView> {
    const write = given(toWrite(body, this.box)) as Partial<ShopWrite>;
    return constrained(() =>
      this.dataSource.transaction(async (m) => {
        const current = await this.shops.findById(id, { manager: m, lock: true });
        if (!current) throw new NotFoundError('shop');
        // A stale edit says so first: its contact may be judged against a shop that has since changed.
        if (current.version !== body.version) throw new DomainError('NAL-SHOP-001');
        checkContact({ ...current, ...write });
        await checkOwner(this.shops, m, write.ownerUserId);
        if (!(await this.shops.update(m, id, body.version, write))) throw new DomainError('NAL-SHOP-001');
        await shopSaved(m, id);
        return shopView((await this.shops.findById(id, { manager: m }))!, this.box);
      }),
    );
  }
}

@CommandHandler(DeleteShop)
export class DeleteShopHandler implements ICommandHandler<DeleteShop> {
  constructor(private readonly dataSource: DataSource, private readonly shops: ShopRepository) {}

  async execute({ id }: DeleteShop): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      if (!(await this.shops.softDelete(m, id))) throw new NotFoundError('shop');
      await shopSaved(m, id);
    });
  }
}

export const SHOP_HANDLERS = [ListShopsHandler, GetShopHandler, CreateShopHandler, UpdateShopHandler, DeleteShopHandler];

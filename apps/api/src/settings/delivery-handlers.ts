import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DomainError, NotFoundError } from '@oms/domain';
import {
  DELIVERY_COMPANIES_NAME_UNIQUE,
  DELIVERY_METHODS_NAME_UNIQUE,
  DeliveryCompanyEntity,
  DeliveryCompanyRepository,
  DeliveryMethodEntity,
  DeliveryMethodRepository,
} from '@oms/infra';
import { DataSource } from 'typeorm';
import { page, Page } from '../common/http/envelope';
import { constrainedWrite } from '../common/unique';
import { DeliveryCompanyBody, DeliveryListQuery, DeliveryMethodBody, UpdateDeliveryCompanyBody, UpdateDeliveryMethodBody } from './delivery.dto';
import { blankOrMissingToNull, blankToNull, given } from '../common/validation/blank';

export function deliveryMethodView(d: DeliveryMethodEntity) {
  return { id: Number(d.id), name: d.name, createdAt: d.createdAt, updatedAt: d.updatedAt, version: d.version };
}
export type DeliveryMethodView = ReturnType<typeof deliveryMethodView>;

export function deliveryCompanyView(d: DeliveryCompanyEntity) {
  return { id: Number(d.id), name: d.name, trackingUrl: d.trackingUrl, createdAt: d.createdAt, updatedAt: d.updatedAt, version: d.version };
}
export type DeliveryCompanyView = ReturnType<typeof deliveryCompanyView>;

export class ListDeliveryMethods extends Query<Page<DeliveryMethodView>> {
  constructor(readonly query: DeliveryListQuery) {
    super();
  }
}
export class CreateDeliveryMethod extends Command<DeliveryMethodView> {
  constructor(readonly body: DeliveryMethodBody) {
    super();
  }
}
export class UpdateDeliveryMethod extends Command<DeliveryMethodView> {
  constructor(readonly id: string, readonly body: UpdateDeliveryMethodBody) {
    super();
  }
}
export class DeleteDeliveryMethod extends Command<void> {
  constructor(readonly id: string) {
    super();
  }
}
export class ListDeliveryCompanies extends Query<Page<DeliveryCompanyView>> {
  constructor(readonly query: DeliveryListQuery) {
    super();
  }
}
export class CreateDeliveryCompany extends Command<DeliveryCompanyView> {
  constructor(readonly body: DeliveryCompanyBody) {
    super();
  }
}
export class UpdateDeliveryCompany extends Command<DeliveryCompanyView> {
  constructor(readonly id: string, readonly body: UpdateDeliveryCompanyBody) {
    super();
  }
}
export class DeleteDeliveryCompany extends Command<void> {
  constructor(readonly id: string) {
    super();
  }
}

const uniqueMethodName = <T>(work: () => Promise<T>) => constrainedWrite({ unique: { [DELIVERY_METHODS_NAME_UNIQUE]: 'name' } }, work);
const uniqueCompanyName = <T>(work: () => Promise<T>) => constrainedWrite({ unique: { [DELIVERY_COMPANIES_NAME_UNIQUE]: 'name' } }, work);

@QueryHandler(ListDeliveryMethods)
export class ListDeliveryMethodsHandler implements IQueryHandler<ListDeliveryMethods> {
  constructor(private readonly methods: DeliveryMethodRepository) {}

  async execute({ query: q }: ListDeliveryMethods) {
    const { rows, total } = await this.methods.list(q.keyword, q.page, q.perPage);
    return page(rows.map(deliveryMethodView), total, q.page, q.perPage);
  }
}

@CommandHandler(CreateDeliveryMethod)
export class CreateDeliveryMethodHandler implements ICommandHandler<CreateDeliveryMethod> {
  constructor(private readonly dataSource: DataSource, private readonly methods: DeliveryMethodRepository) {}

  execute({ body }: CreateDeliveryMethod) {
    return uniqueMethodName(() => this.dataSource.transaction(async (m) => deliveryMethodView(await this.methods.insert(m, { name: body.name }))));
  }
}

@CommandHandler(UpdateDeliveryMethod)
export class UpdateDeliveryMethodHandler implements ICommandHandler<UpdateDeliveryMethod> {
  constructor(private readonly dataSource: DataSource, private readonly methods: DeliveryMethodRepository) {}

  execute({ id, body }: UpdateDeliveryMethod) {
    return uniqueMethodName(() =>
      this.dataSource.transaction(async (m) => {
        if (!(await this.methods.findById(id, m))) throw new NotFoundError('delivery_method');
        if (!(await this.methods.update(m, id, body.version, { name: body.name }))) throw new DomainError('NAL_DELIVERY-004');
        return deliveryMethodView((await this.methods.findById(id, m))!);
      }),
    );
  }
}

@CommandHandler(DeleteDeliveryMethod)
export class DeleteDeliveryMethodHandler implements ICommandHandler<DeleteDeliveryMethod> {
  constructor(private readonly dataSource: DataSource, private readonly methods: DeliveryMethodRepository) {}

  async execute({ id }: DeleteDeliveryMethod): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      if (!(await this.methods.softDelete(m, id))) throw new NotFoundError('delivery_method');
    });
  }
}

@QueryHandler(ListDeliveryCompanies)
export class ListDeliveryCompaniesHandler implements IQueryHandler<ListDeliveryCompanies> {
  constructor(private readonly companies: DeliveryCompanyRepository) {}

  async execute({ query: q }: ListDeliveryCompanies) {
    const { rows, total } = await this.companies.list(q.keyword, q.page, q.perPage);
    return page(rows.map(deliveryCompanyView), total, q.page, q.perPage);
  }
}

@CommandHandler(CreateDeliveryCompany)
export class CreateDeliveryCompanyHandler implements ICommandHandler<CreateDeliveryCompany> {
  constructor(private readonly dataSource: DataSource, private readonly companies: DeliveryCompanyRepository) {}

  execute({ body }: CreateDeliveryCompany) {
    const write = { name: body.name, trackingUrl: blankOrMissingToNull(body.trackingUrl) };
    return uniqueCompanyName(() => this.dataSource.transaction(async (m) => deliveryCompanyView(await this.companies.insert(m, write))));
  }
}

@CommandHandler(UpdateDeliveryCompany)
export class UpdateDeliveryCompanyHandler implements ICommandHandler<UpdateDeliveryCompany> {
  constructor(private readonly dataSource: DataSource, private readonly companies: DeliveryCompanyRepository) {}

  execute({ id, body }: UpdateDeliveryCompany) {
    // A tracking URL left out keeps its value; null or '' clears it.
    const write = given({ name: body.name, trackingUrl: blankToNull(body.trackingUrl) });
    return uniqueCompanyName(() =>
      this.dataSource.transaction(async (m) => {
        if (!(await this.companies.findById(id, m))) throw new NotFoundError('delivery_company');
        if (!(await this.companies.update(m, id, body.version, write))) throw new DomainError('NAL_DELIVERY-005');
        return deliveryCompanyView((await this.companies.findById(id, m))!);
      }),
    );
  }
}

@CommandHandler(DeleteDeliveryCompany)
export class DeleteDeliveryCompanyHandler implements ICommandHandler<DeleteDeliveryCompany> {
  constructor(private readonly dataSource: DataSource, private readonly companies: DeliveryCompanyRepository) {}

  async execute({ id }: DeleteDeliveryCompany): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      if (!(await this.companies.softDelete(m, id))) throw new NotFoundError('delivery_company');
    });
  }
}

export const DELIVERY_HANDLERS = [
  ListDeliveryMethodsHandler,
  CreateDeliveryMethodHandler,
  UpdateDeliveryMethodHandler,
  DeleteDeliveryMethodHandler,
  ListDeliveryCompaniesHandler,
  CreateDeliveryCompanyHandler,
  UpdateDeliveryCompanyHandler,
  DeleteDeliveryCompanyHandler,
];

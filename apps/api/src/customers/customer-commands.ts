import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, emailTakenError, FieldValidationError, needsEmailCheck, normalizeEmail, normalizePhone, NotFoundError } from '@oms/domain';
import { CustomerRepository, CUSTOMERS_SHOP_EMAIL_UNIQUE, CUSTOMERS_SHOP_FK, CustomerWrite, isUniqueViolation } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { constrainedWrite } from '../common/unique';
import { blankOrMissingToNull } from '../common/validation/blank';
import { CreateCustomerBody, CustomerFields, UpdateCustomerBody } from './customer.dto';
import { CustomerView } from './customer.view';
import { CustomerViews } from './customer-views';
import { SamePersonView, samePersonView } from './customer-queries';

export class CreateCustomer extends Command<CustomerView> {
  constructor(readonly body: CreateCustomerBody) {
    super();
  }
}

export class UpdateCustomer extends Command<CustomerView> {
  constructor(readonly id: string, readonly body: UpdateCustomerBody) {
    super();
  }
}

/** Sets the general memo on every customer of the same-person group. */
export class SetSamePersonMemo extends Command<SamePersonView> {
  constructor(readonly customerId: string, readonly generalMemo: string | null) {
    super();
  }
}


/** Blank optional texts are stored as null; the duplicate keys are normalised by the domain. */
function toWrite(body: CustomerFields): CustomerWrite {
  const email = blankOrMissingToNull(body.email);
  const phone = blankOrMissingToNull(body.phone);
  return {
    name: body.name,
    nameKana: blankOrMissingToNull(body.nameKana),
    zip: blankOrMissingToNull(body.zip),
    address: blankOrMissingToNull(body.address),
    phone,
    fax: blankOrMissingToNull(body.fax),
    email,
    emailNormalized: normalizeEmail(email),
    phoneNormalized: normalizePhone(phone),
    coreSystemCustomerId: blankOrMissingToNull(body.coreSystemCustomerId),
    ecSiteId: blankOrMissingToNull(body.ecSiteId),
    shopId: body.shopId ? String(body.shopId) : null,
    companyName: blankOrMissingToNull(body.companyName),
    csMemo: blankOrMissingToNull(body.csMemo),
  };
}

const knownShop = <T>(work: () => Promise<T>) => constrainedWrite({ references: { [CUSTOMERS_SHOP_FK]: 'shop_id' } }, work);

/**
 * One customer per e-mail and shop. Writes check under the same-person lock, so two of them never
 * both pass; the unique index refuses a row that got in some other way while the check ran, and that
 * refusal, once the failed transaction has ended, answers the same 422 naming who has the e-mail.
 */
async function uniqueEmail<T>(customers: CustomerRepository, dataSource: DataSource, write: CustomerWrite, exceptId: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error, CUSTOMERS_SHOP_EMAIL_UNIQUE) || !write.emailNormalized) throw error;
    const holder = await customers.emailHolder(dataSource.manager, write.shopId, write.emailNormalized, exceptId);
    throw holder ? emailTakenError(holder) : new FieldValidationError([{ field: 'email', errorCode: 'unique' }]);
  }
}

async function refuseTakenEmail(customers: CustomerRepository, m: EntityManager, write: CustomerWrite, exceptId: string | null): Promise<void> {
  const holder = await customers.emailHolder(m, write.shopId, write.emailNormalized!, exceptId);
  if (holder) throw emailTakenError(holder);
}

@CommandHandler(CreateCustomer)
export class CreateCustomerHandler implements ICommandHandler<CreateCustomer> {
  constructor(private readonly dataSource: DataSource, private readonly customers: CustomerRepository, private readonly views: CustomerViews) {}

  execute({ body }: CreateCustomer): Promise<CustomerView> {
    const write = toWrite(body);
    const save = () =>
      this.dataSource.transaction(async (m) => {
        const keyed = !!(write.emailNormalized || write.phoneNormalized);
        if (keyed) await this.customers.lockSamePersonGroups(m);
        if (needsEmailCheck(null, write)) await refuseTakenEmail(this.customers, m, write, null);
        const id = await this.customers.insert(m, { ...write, generalMemo: blankOrMissingToNull(body.generalMemo) });
        if (keyed) await this.customers.regroup(m, [id]);
        return this.views.one((await this.customers.findById(id, { manager: m }))!, m);
      });
    return uniqueEmail(this.customers, this.dataSource, write, null, () => knownShop(save));
  }
}

@CommandHandler(UpdateCustomer)
export class UpdateCustomerHandler implements ICommandHandler<UpdateCustomer> {
  constructor(private readonly dataSource: DataSource, private readonly customers: CustomerRepository, private readonly views: CustomerViews) {}

  execute({ id, body }: UpdateCustomer): Promise<CustomerView> {
    const write = toWrite(body);
    const save = () =>
      this.dataSource.transaction(async (m) => {
        const before = await this.customers.findById(id, { manager: m });
        if (!before) throw new NotFoundError('customer');
        // A version other than the one read is stale now; with the same one, a successful
        // compare-and-set below proves `before` was still current, old keys included.
        if (before.version !== body.version) throw new DomainError('NAL-CTM-003');
        const keysChanged = before.emailNormalized !== write.emailNormalized || before.phoneNormalized !== write.phoneNormalized;
        const emailCheck = needsEmailCheck(before, write);
        if (keysChanged || emailCheck) await this.customers.lockSamePersonGroups(m);
        if (emailCheck) await refuseTakenEmail(this.customers, m, write, id);
        // A checked e-mail and shop are this customer's by right now: a pre-rule duplicate mark goes.
        if (!(await this.customers.update(m, id, body.version, emailCheck ? { ...write, emailDuplicateOf: null } : write))) throw new DomainError('NAL-CTM-003');
        if (keysChanged) {
          // Those who shared the old e-mail or phone may now be a group of their own (a split):
          // regroup from them as well as from the customer.
          const formerPartners = await this.customers.sharingKeys(m, before.emailNormalized, before.phoneNormalized);
          await this.customers.regroup(m, [id, ...formerPartners]);
        }
        return this.views.one((await this.customers.findById(id, { manager: m }))!, m);
      });
    return uniqueEmail(this.customers, this.dataSource, write, id, () => knownShop(save));
  }
}

@CommandHandler(SetSamePersonMemo)
export class SetSamePersonMemoHandler implements ICommandHandler<SetSamePersonMemo> {
  constructor(private readonly dataSource: DataSource, private readonly customers: CustomerRepository, private readonly views: CustomerViews) {}

  execute({ customerId, generalMemo }: SetSamePersonMemo): Promise<SamePersonView> {
    return this.dataSource.transaction(async (m) => {
      // The group cannot change while its memo is written.
      await this.customers.lockSamePersonGroups(m);
      const customer = await this.customers.findById(customerId, { manager: m });
      if (!customer) throw new NotFoundError('customer');
      const members = await this.customers.group(customer.samePersonId, { manager: m, lock: true });
      await this.customers.setGeneralMemo(m, members.map((c) => c.id), blankOrMissingToNull(generalMemo));
      const updated = await this.customers.group(customer.samePersonId, { manager: m });
      return samePersonView(customerId, updated, await this.views.of(updated, m));
    });
  }
}


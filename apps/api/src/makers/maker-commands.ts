import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, FieldValidationError, NotFoundError, orderMethodIssues } from '@oms/domain';
import { MakerRepository, MAKERS_CODE_UNIQUE, MakerWrite } from '@oms/infra';
import { DataSource } from 'typeorm';
import { constrainedWrite } from '../common/unique';
import { blankOrMissingToNull } from '../common/validation/blank';
import { MakerBody, UpdateMakerBody } from './maker.dto';
import { makerView, MakerView } from './maker.view';

export class CreateMaker extends Command<MakerView> {
  constructor(readonly body: MakerBody) {
    super();
  }
}

export class UpdateMaker extends Command<MakerView> {
  constructor(readonly id: string, readonly body: UpdateMakerBody) {
    super();
  }
}

/** Blank optional texts are stored as null, so "no fax" is one thing. */
function toWrite(body: MakerBody): MakerWrite {
  const write: MakerWrite = {
    code: body.code,
    name: body.name,
    productCodes: blankOrMissingToNull(body.productCodes),
    phone: blankOrMissingToNull(body.phone),
    fax: blankOrMissingToNull(body.fax),
    email: blankOrMissingToNull(body.email),
    address: blankOrMissingToNull(body.address),
    orderMethod: body.orderMethod,
    status: body.status ?? 'enabled',
    memo: blankOrMissingToNull(body.memo),
  };
  const issues = orderMethodIssues(write.orderMethod, write);
  if (issues.length) throw new FieldValidationError(issues);
  return write;
}

const uniqueCode = <T>(work: () => Promise<T>) => constrainedWrite({ unique: { [MAKERS_CODE_UNIQUE]: 'code' } }, work);

@CommandHandler(CreateMaker)
export class CreateMakerHandler implements ICommandHandler<CreateMaker> {
  constructor(private readonly dataSource: DataSource, private readonly makers: MakerRepository) {}

  execute({ body }: CreateMaker): Promise<MakerView> {
    const write = toWrite(body);
    return uniqueCode(() => this.dataSource.transaction(async (m) => makerView(await this.makers.insert(m, write))));
  }
}

@CommandHandler(UpdateMaker)
export class UpdateMakerHandler implements ICommandHandler<UpdateMaker> {
  constructor(private readonly dataSource: DataSource, private readonly makers: MakerRepository) {}

  execute({ id, body }: UpdateMaker): Promise<MakerView> {
    const write = toWrite(body);
    return uniqueCode(() =>
      this.dataSource.transaction(async (m) => {
        if (!(await this.makers.findById(id, { manager: m }))) throw new NotFoundError('maker');
        if (!(await this.makers.update(m, id, body.version, write))) throw new DomainError('NAL-MAKER-003');
        return makerView((await this.makers.findById(id, { manager: m }))!);
      }),
    );
  }
}

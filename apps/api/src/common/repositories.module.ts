import { Global, Module } from '@nestjs/common';
import { MakerRepository, SessionRepository, UserRepository } from '@oms/infra';
import { DataSource } from 'typeorm';

/** The infra repositories, built over the one TypeORM data source. */
@Global()
@Module({
  providers: [
    { provide: UserRepository, inject: [DataSource], useFactory: (ds: DataSource) => new UserRepository(ds) },
    { provide: SessionRepository, inject: [DataSource], useFactory: (ds: DataSource) => new SessionRepository(ds) },
    { provide: MakerRepository, inject: [DataSource], useFactory: (ds: DataSource) => new MakerRepository(ds) },
  ],
  exports: [UserRepository, SessionRepository, MakerRepository],
})
export class RepositoriesModule {}

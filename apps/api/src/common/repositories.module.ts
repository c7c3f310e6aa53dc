import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, MakerRepository, SessionRepository, UserRepository } from '@oms/infra';
import { DataSource } from 'typeorm';

/** The infra repositories, built over the one TypeORM data source. */
@Global()
@Module({
  providers: [
    { provide: UserRepository, inject: [DataSource], useFactory: (ds: DataSource) => new UserRepository(ds) },
    {
      provide: SessionRepository,
      inject: [DataSource, APP_CONFIG],
      useFactory: (ds: DataSource, c: AppConfig) => new SessionRepository(ds, { secret: c.JWT_SECRET, graceSeconds: c.REFRESH_REUSE_GRACE_SECONDS }),
    },
    { provide: MakerRepository, inject: [DataSource], useFactory: (ds: DataSource) => new MakerRepository(ds) },
  ],
  exports: [UserRepository, SessionRepository, MakerRepository],
})
export class RepositoriesModule {}

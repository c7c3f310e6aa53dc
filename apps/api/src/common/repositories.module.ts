import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, SessionRepository, UserRepository } from '@oms/infra';
import { DataSource } from 'typeorm';

/** The repositories several areas share (sign-in reads users and sessions), built over the one TypeORM data source. */
@Global()
@Module({
  providers: [
    { provide: UserRepository, inject: [DataSource], useFactory: (ds: DataSource) => new UserRepository(ds) },
    {
      provide: SessionRepository,
      inject: [DataSource, APP_CONFIG],
      useFactory: (ds: DataSource, c: AppConfig) => new SessionRepository(ds, { secret: c.JWT_SECRET, graceSeconds: c.REFRESH_REUSE_GRACE_SECONDS }),
    },
  ],
  exports: [UserRepository, SessionRepository],
})
export class RepositoriesModule {}

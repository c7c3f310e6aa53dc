import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CreateUserHandler, DeleteUserHandler, UpdateUserHandler } from './user-commands';
import { GetUserHandler, ListStaffHandler, ListUsersHandler } from './user-queries';
import { UsersController } from './users.controller';

@Module({
  imports: [AuthModule],
  controllers: [UsersController],
  providers: [CreateUserHandler, UpdateUserHandler, DeleteUserHandler, ListUsersHandler, ListStaffHandler, GetUserHandler],
})
export class UsersModule {}

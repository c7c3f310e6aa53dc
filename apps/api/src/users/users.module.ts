import { Module } from '@nestjs/common';
import { CreateUserHandler, DeleteUserHandler, UpdateUserHandler } from './user-commands';
import { GetUserHandler, ListUsersHandler } from './user-queries';
import { UsersController } from './users.controller';

@Module({
  controllers: [UsersController],
  providers: [CreateUserHandler, UpdateUserHandler, DeleteUserHandler, ListUsersHandler, GetUserHandler],
})
export class UsersModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './entities/user.entity.js';
import { PasswordHasher } from './password-hasher.js';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [PasswordHasher],
  exports: [TypeOrmModule, PasswordHasher],
})
export class UsersModule {}

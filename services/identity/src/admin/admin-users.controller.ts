import { BadRequestException, Body, Controller, Get, NotFoundException, Param, ParseUUIDPipe, Patch, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminUsersResponse, MeResponse } from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, Roles } from '@khidma/nest-kit';
import { DataSource, Like } from 'typeorm';
import { SessionsService } from '../auth/sessions.service.js';
import { toUserDto } from '../auth/user-dto.js';
import { User } from '../users/entities/user.entity.js';
import { AdminUsersQuery, UpdateUserDto } from './admin-users.dto.js';

/** `%` and `_` typed by the admin are searched for literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Roles('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
  ) {}

  @Get()
  @Answers(200, 'AdminUsersResponse')
  async list(@Query() query: AdminUsersQuery): Promise<AdminUsersResponse> {
    const search = query.search?.trim();
    // E-mails are stored lower-cased; LIKE ignores case on names in MySQL's default collation and,
    // for ASCII, in SQLite.
    const where = search
      ? [
          { email: Like(likePattern(search.toLowerCase())) },
          { firstName: Like(likePattern(search)) },
          { lastName: Like(likePattern(search)) },
        ]
      : undefined;
    const [users, total] = await this.dataSource.getRepository(User).findAndCount({
      where,
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return { users: users.map(toUserDto), total, page: query.page, limit: query.limit };
  }

  /** One account, e.g. for booking to check that a goodwill credit goes to an existing client. */
  @Get(':id')
  @Answers(200, 'MeResponse')
  async one(@Param('id', new ParseUUIDPipe()) id: string): Promise<MeResponse> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id });
    if (!user) throw new NotFoundException({ code: 'not_found', message: 'User not found' });
    return { user: toUserDto(user) };
  }

  /**
   * Role and activation. Deactivating ends the user's sessions at once (their tokens stop working
   * everywhere); a new role is in identity's checks at once and in other services' tokens at the
   * next refresh (at most 15 minutes).
   */
  @Patch(':id')
  @Answers(200, 'MeResponse')
  async update(
    @Param('id') id: string,
    @Body() body: UpdateUserDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<MeResponse> {
    if (id === admin.id && (body.isActive === false || (body.role && body.role !== 'admin'))) {
      throw new BadRequestException({ code: 'cannot_change_own_admin', message: 'Admins cannot deactivate or demote themselves' });
    }
    const users = this.dataSource.getRepository(User);
    if (!(await users.existsBy({ id }))) throw new NotFoundException({ code: 'not_found', message: 'User not found' });
    await users.update(id, body);
    if (body.isActive === false) await this.sessions.revokeAllOf(id);
    return { user: toUserDto(await users.findOneByOrFail({ id })) };
  }
}

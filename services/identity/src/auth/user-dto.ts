import type { UserDto } from '@khidma/contracts';
import type { User } from '../users/entities/user.entity.js';

export const toUserDto = (user: User): UserDto => ({
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  role: user.role,
  isActive: user.isActive,
  language: user.language,
  createdAt: user.createdAt.toISOString(),
});

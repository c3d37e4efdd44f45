import {
  CreateOutbox1763700000000, OutboxTraceparent1765000000000,
  type DatabaseDefinition,
  OUTBOX_ENTITIES,
} from '@khidma/nest-kit';
import { OneTimeToken } from './auth/entities/one-time-token.entity.js';
import { Session } from './auth/entities/session.entity.js';
import { CreateUsers1763800000000 } from './migrations/1763800000000-create-users.js';
import { CreateAuthTables1763900000000 } from './migrations/1763900000000-create-auth-tables.js';
import { SessionSuccessor1767000000000 } from './migrations/1767000000000-session-successor.js';
import { User } from './users/entities/user.entity.js';

/** Identity's own database: the app and the seed connect through this one definition. */
export const IDENTITY_DATABASE: DatabaseDefinition = {
  service: 'identity',
  entities: [User, Session, OneTimeToken, ...OUTBOX_ENTITIES],
  migrations: [CreateOutbox1763700000000, CreateUsers1763800000000, CreateAuthTables1763900000000, OutboxTraceparent1765000000000, SessionSuccessor1767000000000],
};

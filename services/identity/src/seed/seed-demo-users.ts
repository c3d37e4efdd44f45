import { DEMO_USERS, type DemoUser } from '@khidma/demo-data';
import type { DataSource } from 'typeorm';
import { normalizeEmail, User } from '../users/entities/user.entity.js';
import type { PasswordHasher } from '../users/password-hasher.js';

export interface SeedReport {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Brings every demo account to its seeded state (verified e-mail, role, language, demo password),
 * keyed by the fixed ids other services refer to. Safe to run on every start: a row already in that
 * state is not written, and a stored hash that still verifies is kept (hashing is deliberately slow).
 */
export async function seedDemoUsers(
  dataSource: DataSource,
  hasher: PasswordHasher,
  people: readonly DemoUser[] = DEMO_USERS,
): Promise<SeedReport> {
  const users = dataSource.getRepository(User);
  const report: SeedReport = { created: 0, updated: 0, unchanged: 0 };
  for (const person of people) {
    const existing = await users.findOneBy({ id: person.id });
    if (!existing) {
      await users.insert({
        id: person.id,
        email: person.email,
        emailVerifiedAt: new Date(),
        passwordHash: await hasher.hash(person.password),
        firstName: person.firstName,
        lastName: person.lastName,
        role: person.role,
        language: person.language,
        createdAt: new Date(`${person.joinedAt}T09:00:00Z`),
      });
      report.created++;
      continue;
    }
    const changes: Partial<User> = {};
    if (existing.email !== normalizeEmail(person.email)) changes.email = person.email;
    if (existing.firstName !== person.firstName) changes.firstName = person.firstName;
    if (existing.lastName !== person.lastName) changes.lastName = person.lastName;
    if (existing.role !== person.role) changes.role = person.role;
    if (existing.language !== person.language) changes.language = person.language;
    if (!existing.emailVerifiedAt) changes.emailVerifiedAt = new Date();
    const hashIsCurrent =
      existing.passwordHash !== null &&
      !hasher.needsRehash(existing.passwordHash) &&
      (await hasher.verify(existing.passwordHash, person.password));
    if (!hashIsCurrent) changes.passwordHash = await hasher.hash(person.password);
    if (Object.keys(changes).length === 0) {
      report.unchanged++;
      continue;
    }
    await users.update(existing.id, changes);
    report.updated++;
  }
  return report;
}

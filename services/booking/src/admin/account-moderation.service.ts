import { Injectable } from '@nestjs/common';
import type { AdminAuditAction, MeResponse, UpdateAccountRequest } from '@khidma/contracts';
import type { AuthUser } from '@khidma/nest-kit';
import { AdminAuditLog } from '../audit/admin-audit.service.js';
import { BookingTransactions } from '../bookings/transactions.js';
import { IdentityAccounts } from './identity-accounts.js';

/** The audit actions of one account change, in the order the admin asked for them. */
const auditedActions = (change: UpdateAccountRequest): AdminAuditAction[] => [
  ...(change.role ? [`account.made_${change.role}` as const] : []),
  ...(change.isActive === undefined ? [] : [change.isActive ? ('account.reactivated' as const) : ('account.deactivated' as const)]),
];

/**
 * Role and activation changes from the admin panel. Identity owns accounts and applies the change
 * (with the admin's own token, so its admin and self-demotion checks hold); booking's moderation
 * records it in the admin audit log with every other admin decision.
 */
@Injectable()
export class AccountModerationService {
  constructor(
    private readonly transactions: BookingTransactions,
    private readonly identity: IdentityAccounts,
    private readonly audit: AdminAuditLog,
  ) {}

  /**
   * Identity is asked inside the transaction that writes the audit entries: a refused or failed change
   * leaves no entry, and a change identity made is rolled into the log before the admin hears of it.
   */
  update(admin: AuthUser, authorization: string, userId: string, change: UpdateAccountRequest): Promise<MeResponse> {
    return this.transactions.run(async (manager) => {
      const account = await this.identity.updateAccount(userId, change, authorization);
      const { firstName, lastName, email } = account.user;
      const name = [firstName, lastName].filter(Boolean).join(' ');
      const summary = name ? `${name} <${email}>` : email;
      for (const action of auditedActions(change)) {
        await this.audit.record(manager, admin, { action, targetType: 'account', targetId: userId, summary });
      }
      return account;
    });
  }
}

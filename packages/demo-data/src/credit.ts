import { DEMO_ACCOUNTS } from './users.js';

/** The demo admin's goodwill grant to the demo client, a few days before today. */
export interface DemoCreditGrant {
  id: string;
  clientId: string;
  adminId: string;
  amount: string;
  note: string;
  hoursAgo: number;
}

/**
 * The demo client's Khidma credit (docs/promotions.md): a goodwill grant from the admin, plus their
 * cancelled paid booking refunded to credit instead of the card (the seed marks that booking so).
 * The note is written in both languages, as an admin of a bilingual marketplace would.
 */
export const DEMO_CREDIT_GRANT: DemoCreditGrant = {
  id: '00000000-0000-4000-b950-000000000001',
  clientId: DEMO_ACCOUNTS.client.id,
  adminId: DEMO_ACCOUNTS.admin.id,
  amount: '15.00',
  note: 'Sorry your cleaner arrived late. نعتذر عن تأخر موعد التنظيف.',
  hoursAgo: 24 * 5 + 2,
};

/** Id of the ledger entry of the demo client's refund to credit. */
export const DEMO_CREDIT_REFUND_ENTRY_ID = '00000000-0000-4000-b950-000000000002';

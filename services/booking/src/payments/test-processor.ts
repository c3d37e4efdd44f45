import { type PaymentDeclineCode, TEST_CARDS } from '@khidma/contracts';

/**
 * The built-in test processor (no real payments, spec §2): the documented test cards give their
 * answer, any other number is declined, Apple Pay always succeeds.
 */
export function testProcessorAnswer(card: { number: string } | null): 'succeeds' | PaymentDeclineCode {
  if (!card) return 'succeeds';
  return TEST_CARDS[card.number] ?? 'card_declined';
}

export const DECLINE_MESSAGES: Record<PaymentDeclineCode, string> = {
  card_declined: 'Your card was declined. Please try another card.',
  insufficient_funds: 'Your card has insufficient funds. Please try another card.',
  expired_card: 'Your card has expired. Please try another card.',
};

import type { ContactType, Language } from '@khidma/contracts';

export const CONTACT_RECEIVED = 'contact.received';

/** Payload of `contact.received`: everything the notifications worker needs to write both e-mails. */
export type ContactReceivedPayload = {
  contactMessageId: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  type: ContactType;
  language: Language;
};

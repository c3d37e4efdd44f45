import type { Language } from '@khidma/contracts';

export const PROVIDER_APPLICATION_REVIEWED = 'provider.application_reviewed';
export const SERVICE_REVIEWED = 'service.reviewed';

/** Payload of `provider.application_reviewed`: enough for the applicant's notification and e-mail. */
export type ProviderApplicationReviewedPayload = {
  applicationId: string;
  userId: string;
  approved: boolean;
  reason: string | null;
  businessName: string;
  email: string;
  language: Language;
};

/** Payload of `service.reviewed`: the provider hears of the decision on a new service or a change. */
export type ServiceReviewedPayload = {
  serviceId: string;
  providerId: string;
  providerUserId: string;
  providerEmail: string | null;
  language: Language;
  title: string;
  titleAr: string;
  approved: boolean;
  /** A change of a live service (rather than a new service). */
  revision: boolean;
  reason: string | null;
};

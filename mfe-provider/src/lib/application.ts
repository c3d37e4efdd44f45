import {
  UPLOADS,
  type ApplicationCategory,
  type BusinessDoc,
  type ExperienceBand,
  type Language,
  type ProviderApplicationRequest,
} from '@khidma/contracts';
import type { ShrunkImage } from './images';

/** What the applicant types and picks; kept as is across failed submissions. */
export interface ApplicationValues {
  businessName: string;
  ownerName: string;
  email: string;
  phone: string;
  businessAddress: string;
  city: string;
  serviceCategory: ApplicationCategory | '';
  experience: ExperienceBand;
  description: string;
  hasLicense: boolean;
  licenseNumber: string;
  hasInsurance: boolean;
  insuranceInfo: string;
  agreedToTerms: boolean;
}

export interface ApplicationImages {
  idFront: ShrunkImage | null;
  idBack: ShrunkImage | null;
  certification: ShrunkImage | null;
}

export const emptyApplication = (prefill: Partial<ApplicationValues> = {}): ApplicationValues => ({
  businessName: '',
  ownerName: '',
  email: '',
  phone: '',
  businessAddress: '',
  city: '',
  serviceCategory: '',
  experience: '1-2',
  description: '',
  hasLicense: false,
  licenseNumber: '',
  hasInsurance: false,
  insuranceInfo: '',
  agreedToTerms: false,
  ...prefill,
});

/** Spec §5's required fields, in the form's order; a declared licence needs its number too. */
export const REQUIRED_FIELDS = ['businessName', 'ownerName', 'email', 'phone', 'businessAddress', 'serviceCategory', 'description'] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number] | 'licenseNumber';

export type ApplicationProblem =
  | { kind: 'terms' }
  | { kind: 'missing'; fields: RequiredField[] }
  | { kind: 'idCard' }
  | { kind: 'certification' }
  | { kind: 'payload' };

/** Spec §5, in its order: terms, then the missing fields (all of them), then the ID card, then the certification. */
export function validateApplication(values: ApplicationValues, images: ApplicationImages): ApplicationProblem | null {
  if (!values.agreedToTerms) return { kind: 'terms' };
  const missing: RequiredField[] = REQUIRED_FIELDS.filter((field) => values[field].trim() === '');
  if (values.hasLicense && values.licenseNumber.trim() === '') missing.push('licenseNumber');
  if (missing.length > 0) return { kind: 'missing', fields: missing };
  if (!images.idFront && !images.idBack) return { kind: 'idCard' };
  if (!images.certification) return { kind: 'certification' };
  return null;
}

/** Spec §3: the city is taken from the address when not typed ("12 Nile St, Cairo" → "Cairo"). */
export function cityOf(values: Pick<ApplicationValues, 'city' | 'businessAddress'>): string {
  if (values.city.trim()) return values.city.trim();
  const parts = values.businessAddress.split(/[,،]/).map((part) => part.trim()).filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

/** The request of spec §3 (licence and insurance as declared markers, documents as JPEG data URLs). */
export function toApplicationRequest(values: ApplicationValues, images: ApplicationImages, language: Language): ProviderApplicationRequest {
  const docs: BusinessDoc[] = [];
  if (images.idFront) docs.push({ type: 'id_card', side: 'front', dataUrl: images.idFront.dataUrl });
  if (images.idBack) docs.push({ type: 'id_card', side: 'back', dataUrl: images.idBack.dataUrl });
  if (images.certification) docs.push({ type: 'certification', dataUrl: images.certification.dataUrl });
  docs.push({ type: 'description', text: values.description.trim() });
  return {
    businessName: values.businessName.trim(),
    ownerName: values.ownerName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    businessAddress: values.businessAddress.trim(),
    city: cityOf(values),
    businessType: values.serviceCategory as ApplicationCategory,
    experience: values.experience,
    licenseNumber: values.hasLicense ? values.licenseNumber.trim() : null,
    insuranceInfo: values.hasInsurance ? values.insuranceInfo.trim() : '',
    hasLicense: values.hasLicense,
    hasInsurance: values.hasInsurance,
    agreedToTerms: values.agreedToTerms,
    businessDocs: docs,
    language,
  };
}

/** Spec §9: the whole request must stay within 10 MB. */
export const requestTooLarge = (request: ProviderApplicationRequest): boolean =>
  new TextEncoder().encode(JSON.stringify(request)).length > UPLOADS.maxTotalBytes;

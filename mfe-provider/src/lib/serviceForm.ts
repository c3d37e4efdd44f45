import { PRICE_TYPES, PROVIDER_SERVICE_LIMITS, type PriceType, type ProviderServiceDto, type ProviderServiceRequest } from '@khidma/contracts';

/** The service dialog's values as typed (numbers as text until checked). */
export interface ServiceFormValues {
  categoryId: number | null;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  price: string;
  priceType: PriceType;
  duration: string;
}

const { titleMaxLength, descriptionMaxLength, maxPrice, duration: durationLimits } = PROVIDER_SERVICE_LIMITS;

/** The limits as message values (the server checks the same ones). */
export const SERVICE_LIMIT_VALUES = {
  titleMax: titleMaxLength,
  descriptionMax: descriptionMaxLength,
  priceMax: maxPrice,
  durationMin: durationLimits.min,
  durationMax: durationLimits.max,
  durationStep: durationLimits.step,
};

/** Starts from what the provider last proposed: a pending change, else the live service. */
export function serviceFormValues(service: ProviderServiceDto | null): ServiceFormValues {
  const source = service?.pendingRevision ?? service;
  if (!source) {
    return { categoryId: null, title: '', titleAr: '', description: '', descriptionAr: '', price: '', priceType: 'per_job', duration: '60' };
  }
  return {
    categoryId: source.categoryId,
    title: source.title,
    titleAr: source.titleAr,
    description: source.description,
    descriptionAr: source.descriptionAr,
    price: String(source.price),
    priceType: source.priceType,
    duration: String(source.duration),
  };
}

export type ServiceFormErrors = Partial<Record<keyof ServiceFormValues, 'required' | 'tooLong' | 'price' | 'duration' | 'rejected'>>;

/** The server's 400 `fields` on this form's fields (it checks the same rules, plus whether the category exists). */
export const serverFieldErrors = (fields: Record<string, string>): ServiceFormErrors =>
  Object.fromEntries(Object.keys(fields).map((field) => [field, 'rejected'])) as ServiceFormErrors;

/** Both languages are required: the catalogue shows each visitor their own (spec §1). */
export function validateServiceForm(values: ServiceFormValues): { errors: ServiceFormErrors; request: ProviderServiceRequest | null } {
  const errors: ServiceFormErrors = {};
  if (values.categoryId === null) errors.categoryId = 'required';
  for (const field of ['title', 'titleAr'] as const) {
    if (!values[field].trim()) errors[field] = 'required';
    else if (values[field].trim().length > titleMaxLength) errors[field] = 'tooLong';
  }
  for (const field of ['description', 'descriptionAr'] as const) {
    if (!values[field].trim()) errors[field] = 'required';
    else if (values[field].trim().length > descriptionMaxLength) errors[field] = 'tooLong';
  }
  const price = Number(values.price);
  if (!values.price.trim() || !Number.isFinite(price) || price <= 0 || price > maxPrice || Math.abs(Math.round(price * 100) - price * 100) > 1e-6) {
    errors.price = 'price';
  }
  const duration = Number(values.duration);
  if (
    !values.duration.trim() ||
    !Number.isInteger(duration) ||
    duration < durationLimits.min ||
    duration > durationLimits.max ||
    duration % durationLimits.step !== 0
  ) {
    errors.duration = 'duration';
  }
  if (!(PRICE_TYPES as readonly string[]).includes(values.priceType)) errors.priceType = 'required';
  if (Object.keys(errors).length > 0 || values.categoryId === null) return { errors, request: null };
  return {
    errors,
    request: {
      categoryId: values.categoryId,
      title: values.title.trim(),
      titleAr: values.titleAr.trim(),
      description: values.description.trim(),
      descriptionAr: values.descriptionAr.trim(),
      price,
      priceType: values.priceType,
      duration,
    },
  };
}

import type { BookingActions, ProviderBookingRowDto, ProviderServiceDto, ServiceCategoryDto } from '@khidma/contracts';

const noActions: BookingActions = { cancel: false, reschedule: false, pay: false, accept: false, decline: false, start: false, complete: false };

export const bookingRow = (patch: Partial<ProviderBookingRowDto> & { allowed?: (keyof BookingActions)[] } = {}): ProviderBookingRowDto => {
  const { allowed = [], ...rest } = patch;
  return {
    id: 'b-1',
    bookingNumber: 'KH-AAAA-0001',
    clientName: 'Omar Khaled',
    clientAvatar: null,
    service: 'Deep home cleaning',
    serviceAr: 'تنظيف منزلي عميق',
    date: '2026-11-25',
    time: '10:00',
    status: 'pending',
    paymentStatus: 'pending',
    amount: '50.00',
    paid: null,
    series: null,
    actions: { ...noActions, ...Object.fromEntries(allowed.map((a) => [a, true])) },
    ...rest,
  };
};

export const service = (patch: Partial<ProviderServiceDto> = {}): ProviderServiceDto => ({
  id: 's-1',
  categoryId: 1,
  title: 'Deep home cleaning',
  titleAr: 'تنظيف منزلي عميق',
  description: 'Kitchen, bathrooms and floors',
  descriptionAr: 'المطبخ والحمامات والأرضيات',
  price: 25,
  priceType: 'hourly',
  duration: 120,
  bookings: 12,
  rating: 4.7,
  status: 'active',
  rejectionReason: null,
  pendingRevision: null,
  ...patch,
});

export const categories: ServiceCategoryDto[] = [
  { id: 1, slug: 'cleaning', name: 'Cleaning', nameAr: 'التنظيف', description: '', descriptionAr: '', icon: 'broom', color: '#3B82F6', startingPrice: 25, providerCount: 5 },
  { id: 2, slug: 'plumbing', name: 'Plumbing', nameAr: 'السباكة', description: '', descriptionAr: '', icon: 'wrench', color: '#3B82F6', startingPrice: 40, providerCount: 3 },
];

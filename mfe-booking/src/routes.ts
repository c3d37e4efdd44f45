import { lazy } from 'react';

/** The pages this app exposes, as its standalone dev harness mounts them (the shell has its own table). */
export const routes = [
  { path: '/booking', example: '/booking', titleKey: 'booking.title', Page: lazy(() => import('./pages/BookingPage')) },
  { path: '/payment', example: '/payment', titleKey: 'payment.title', Page: lazy(() => import('./pages/PaymentPage')) },
  { path: '/my-bookings', example: '/my-bookings', titleKey: 'myBookings.title', Page: lazy(() => import('./pages/MyBookingsPage')) },
  { path: '/my-bookings/:id', example: '/my-bookings/123', titleKey: 'bookingDetail.title', Page: lazy(() => import('./pages/BookingDetailPage')) },
];

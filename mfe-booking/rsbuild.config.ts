import { DEFAULT_PORTS } from '@khidma/contracts';
import { defineKhidmaApp } from '@khidma/web-kit/rsbuild';

export default defineKhidmaApp({
  name: 'mfe_booking',
  port: DEFAULT_PORTS.mfe_booking,
  title: 'Khidma · Booking',
  exposes: {
    './BookingPage': './src/pages/BookingPage.tsx',
    './PaymentPage': './src/pages/PaymentPage.tsx',
    './MyBookingsPage': './src/pages/MyBookingsPage.tsx',
    './BookingDetailPage': './src/pages/BookingDetailPage.tsx',
  },
});

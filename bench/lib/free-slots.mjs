// Free booking slots from the public availability endpoint, for benchmarks that create bookings.
import { addCalendarDays } from '@khidma/contracts';

const DAYS_AHEAD = 120;

const getJson = async (url) => {
  const response = await fetch(url);
  return response.json().catch(() => null);
};

/** Every free (service, date, time) of one service per provider, so no two requests share a provider slot. */
export async function freeSlots(baseUrl, limit) {
  const body = await getJson(`${baseUrl}/api/services?limit=100`);
  const perProvider = new Map();
  for (const service of body.services) if (!perProvider.has(service.provider.id)) perProvider.set(service.provider.id, service);
  const slots = [];
  const first = await getJson(`${baseUrl}/api/bookings/availability?serviceId=${[...perProvider.values()][0].id}&date=2000-01-01`);
  const today = first?.today ?? new Date().toISOString().slice(0, 10);
  for (let day = 1; day <= DAYS_AHEAD && slots.length < limit; day++) {
    const date = addCalendarDays(today, day);
    const answers = await Promise.all(
      [...perProvider.values()].map(async (service) => [service, await getJson(`${baseUrl}/api/bookings/availability?serviceId=${service.id}&date=${date}`)]),
    );
    for (const [service, availability] of answers) {
      // A booking claims every hour it covers, so the next usable start is that many hours later.
      const hours = service.priceType === 'hourly' ? 1 : Math.ceil(service.duration / 60);
      let nextFree = 0;
      for (const slot of availability?.slots ?? []) {
        const hour = Number(slot.time.slice(0, 2));
        if (!slot.available || hour < nextFree) continue;
        slots.push({ serviceId: service.id, scheduledDate: date, scheduledTime: slot.time });
        nextFree = hour + hours;
      }
    }
  }
  return slots;
}

export const bookingBody = (slot) =>
  JSON.stringify({ ...slot, clientAddress: '12 Rainbow Street, Amman', clientPhone: '+962790000000', language: 'en' });

import {
  addCalendarDays,
  type ApplicationCategory,
  type BookingActor,
  type BookingEventType,
  type BookingStatus,
  claimedHours,
  type ExperienceBand,
  type FavouriteKind,
  type Language,
  type PaymentStatus,
  type SeriesFrequency,
  seriesDate,
} from '@khidma/contracts';
import { bookableStarts, DEMO_PROVIDERS, type DemoProvider, providerOf, WEEKDAYS } from './providers.js';
import { pick, reviewComment } from './reviews.js';
import { DEMO_SERVICES, type DemoService } from './services.js';
import { CLIENT_USERS, DEMO_ACCOUNTS, type DemoUser } from './users.js';

/**
 * The marketplace's recent past and near future, so that every screen of every demo account shows
 * real data on first sign-in: the client's bookings in every state, the provider's calendar,
 * requests and a year of earnings, and bookings across all providers for the admin's charts.
 * Everything is placed relative to `today` (the marketplace's calendar day when the seed runs), so
 * the demo never goes stale; for one `today` the result is always the same.
 */
export interface DemoActivity {
  bookings: DemoBooking[];
  /** A service the demo provider submitted that waits for the admin's review. */
  pendingService: DemoService;
  /** Someone who applied to become a provider, waiting for the admin. */
  pendingApplication: DemoApplication;
  /** Client–provider threads, a few with messages the demo accounts have not read yet. */
  conversations: DemoConversation[];
  /** Clients' reviews of finished jobs (a day after), some answered by the provider. */
  reviews: DemoBookingReview[];
  /** Services and providers the demo client saved, the day of each relative to today. */
  favourites: DemoFavourite[];
  /** Recurring plans; their bookings are in `bookings` with `series` set. */
  series: DemoSeries[];
}

export interface DemoFavourite {
  clientId: string;
  kind: FavouriteKind;
  /** A service id or a provider id, by kind. */
  targetId: string;
  /** Saved this many days before today. */
  daysAgo: number;
}

export interface DemoSeries {
  id: string;
  frequency: SeriesFrequency;
  clientId: string;
  providerId: string;
  serviceId: string;
  size: number;
}

export interface DemoBookingReview {
  id: string;
  bookingId: string;
  rating: 5 | 4 | 3;
  language: Language;
  comment: string;
  /** Hours after the job ended. */
  hoursAfter: number;
  reply: { comment: string; hoursAfter: number } | null;
}

export interface DemoMessage {
  from: 'client' | 'provider';
  text: string;
  /** Hours before the seed's now. */
  hoursAgo: number;
  read: boolean;
  /** The recipient reported it, for this reason (it then waits in the admin's Reported chats). */
  reported?: string;
}

/** A thread about a booking (`bookingId`) or, without one, a pre-booking enquiry. */
export interface DemoConversation {
  id: string;
  providerId: string;
  client: DemoUser;
  bookingId: string | null;
  messages: DemoMessage[];
}

/** One thing that happened to a booking, `at` hours from its start (negative: before it). */
export interface DemoBookingStep {
  event: BookingEventType;
  actor: BookingActor;
  at: number;
}

export interface DemoBooking {
  id: string;
  serviceId: string;
  providerId: string;
  client: DemoUser;
  /** YYYY-MM-DD and HH:MM in the marketplace's zone, inside the provider's opening hours. */
  scheduledDate: string;
  scheduledTime: string;
  durationMinutes: number;
  clientAddress: string;
  clientPhone: string;
  specialInstructions: string | null;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  cancelledBy: BookingActor | null;
  cancellationReason: string | null;
  /** How it got here, oldest first; every step is before the seed's now. */
  steps: DemoBookingStep[];
  /** Its place in a recurring series, when it is one of its occurrences. */
  series?: { id: string; frequency: SeriesFrequency; index: number; size: number };
}

export interface DemoApplication {
  id: string;
  user: DemoUser;
  businessName: string;
  phone: string;
  businessAddress: string;
  city: string;
  businessType: ApplicationCategory;
  experience: ExperienceBand;
  description: string;
  insuranceInfo: string;
  /** Days before today it was submitted. */
  daysAgo: number;
  /** The ID card image it was sent with (a specimen, in the package's photos folder). */
  idCard: string;
}

const DAY_HOURS = 24;
const activityId = (kind: string, n: number) => `00000000-0000-4000-${kind}-${String(n).padStart(12, '0')}`;


const timeOf = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

const ADDRESSES = [
  'Abdoun, Prince Hashem St., Building 14, Apartment 3, Amman',
  'Khalda, Wasfi Al-Tal St., Building 88, 2nd floor, Amman',
  'Jabal Amman, Rainbow St., Building 21, Amman',
  'Sweifieh, Ali Nasouh Al-Taher St., Building 7, Apartment 9, Amman',
  'Dabouq, Al-Kindi St., Villa 32, Amman',
  'Shmeisani, Abdel Hamid Sharaf St., Building 40, Apartment 12, Amman',
  'Tla Al-Ali, Al-Madina Al-Munawwara St., Building 103, Amman',
  'Marj Al-Hamam, Al-Quds St., Villa 5, Amman',
];

const INSTRUCTIONS = [
  'Please call when you arrive, the doorbell does not work.',
  'Parking is available in front of the building.',
  'الرجاء الاتصال قبل الوصول بنصف ساعة.',
  null,
  'We have a cat, please keep the balcony door closed.',
  'البناية مقابل الصيدلية، الطابق الثالث.',
  null,
];

/** An hourly service is booked for two hours, a per-job one for its listing's duration. */
const durationOf = (service: DemoService) => (service.priceType === 'hourly' ? 120 : service.durationMinutes);

/** Steps of a job done and paid: requested three days ahead, paid, accepted, started on time, completed. */
const completedSteps = (minutes: number): DemoBookingStep[] => [
  { event: 'booking.created', actor: 'client', at: -3 * DAY_HOURS },
  { event: 'booking.paid', actor: 'client', at: -3 * DAY_HOURS + 0.2 },
  { event: 'booking.accepted', actor: 'provider', at: -2.5 * DAY_HOURS },
  { event: 'booking.started', actor: 'provider', at: 0 },
  { event: 'booking.completed', actor: 'provider', at: claimedHours(minutes) },
];

/**
 * Finds the provider's first free hour on `date` or, going by `direction`, the nearest open day after
 * (or before) it, and books those hours in `taken`.
 */
function place(
  taken: Set<string>,
  provider: DemoProvider,
  date: string,
  minutes: number,
  direction: 1 | -1,
  preferredHour: number,
): { date: string; time: string } {
  const hours = claimedHours(minutes);
  for (let shift = 0; shift < 60; shift++) {
    const day = addCalendarDays(date, shift * direction);
    const starts = bookableStarts(provider.weeklyAvailability[WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!], hours);
    // From the preferred hour on, wrapping round to the day's first start.
    const from = Math.max(0, starts.findIndex((hour) => hour >= preferredHour));
    for (let k = 0; k < starts.length; k++) {
      const start = starts[(from + k) % starts.length]!;
      const claimed = Array.from({ length: hours }, (_, h) => `${provider.id}|${day}|${start + h}`);
      if (claimed.some((slot) => taken.has(slot))) continue;
      claimed.forEach((slot) => taken.add(slot));
      return { date: day, time: timeOf(start) };
    }
  }
  throw new Error(`No free hours for ${provider.businessName} near ${date}`);
}

const WEEKLY_DEMO_SIZE = 4;

/** The first day from `from` with an hour free on it and the same weekday the next `size - 1` weeks; claims them in `taken`. */
function planWeekly(taken: Set<string>, provider: DemoProvider, from: string, minutes: number, size: number): { date: string; time: string }[] {
  const hours = claimedHours(minutes);
  for (let shift = 0; shift < 60; shift++) {
    const dates = Array.from({ length: size }, (_, k) => seriesDate(addCalendarDays(from, shift), 'weekly', k));
    const starts = bookableStarts(provider.weeklyAvailability[WEEKDAYS[new Date(`${dates[0]}T00:00:00Z`).getUTCDay()]!], hours);
    for (const start of starts) {
      const claimed = dates.flatMap((day) => Array.from({ length: hours }, (_, h) => `${provider.id}|${day}|${start + h}`));
      if (claimed.some((slot) => taken.has(slot))) continue;
      claimed.forEach((slot) => taken.add(slot));
      return dates.map((date) => ({ date, time: timeOf(start) }));
    }
  }
  throw new Error(`No weekly hour free for ${provider.businessName} after ${from}`);
}

type Story = 'completed' | 'accepted' | 'acceptedUnpaid' | 'pending' | 'cancelledRefunded' | 'cancelledUnpaid' | 'declined';

const STATES: Record<Story, Pick<DemoBooking, 'status' | 'paymentStatus' | 'cancelledBy'>> = {
  completed: { status: 'completed', paymentStatus: 'paid', cancelledBy: null },
  accepted: { status: 'accepted', paymentStatus: 'paid', cancelledBy: null },
  acceptedUnpaid: { status: 'accepted', paymentStatus: 'pending', cancelledBy: null },
  pending: { status: 'pending', paymentStatus: 'pending', cancelledBy: null },
  cancelledRefunded: { status: 'cancelled', paymentStatus: 'refunded', cancelledBy: 'client' },
  cancelledUnpaid: { status: 'cancelled', paymentStatus: 'pending', cancelledBy: 'client' },
  declined: { status: 'cancelled', paymentStatus: 'pending', cancelledBy: 'provider' },
};

const REASONS: Partial<Record<Story, string>> = {
  cancelledRefunded: 'Plans changed: we will be travelling that week.',
  cancelledUnpaid: 'تم حل المشكلة، شكرًا لكم.',
  declined: 'Fully booked that day, sorry. Please pick another day.',
};

/**
 * What happened before `now`. An upcoming booking was requested `daysAhead + 2` days before its start
 * (so before today), the others on the schedule of `completedSteps`.
 */
function stepsOf(story: Story, minutes: number, daysAhead: number): DemoBookingStep[] {
  const created = Math.min(-3 * DAY_HOURS, -(daysAhead + 2) * DAY_HOURS);
  const step = (event: BookingEventType, actor: BookingActor, at: number) => ({ event, actor, at });
  switch (story) {
    case 'completed':
      return completedSteps(minutes);
    case 'accepted':
      return [step('booking.created', 'client', created), step('booking.paid', 'client', created + 0.2), step('booking.accepted', 'provider', created + 5)];
    case 'acceptedUnpaid':
      return [step('booking.created', 'client', created), step('booking.accepted', 'provider', created + 3)];
    case 'pending':
      return [step('booking.created', 'client', -(daysAhead + 1) * DAY_HOURS)];
    case 'cancelledRefunded':
      return [
        step('booking.created', 'client', -5 * DAY_HOURS),
        step('booking.paid', 'client', -5 * DAY_HOURS + 0.3),
        step('booking.accepted', 'provider', -4.5 * DAY_HOURS),
        step('booking.cancelled', 'client', -30),
      ];
    case 'cancelledUnpaid':
      return [step('booking.created', 'client', -3 * DAY_HOURS), step('booking.cancelled', 'client', -40)];
    case 'declined':
      return [step('booking.created', 'client', -3 * DAY_HOURS), step('booking.declined', 'provider', -2.8 * DAY_HOURS)];
  }
}

/** Mostly delighted, sometimes not quite (the averages stay realistic). */
const STARS: Array<5 | 4 | 3> = [5, 5, 4, 5, 5, 5, 4, 5, 3, 5, 5, 4];

const REPLIES: Record<5 | 4 | 3, Record<Language, string>> = {
  5: { en: 'Thank you for the kind words, it was a pleasure working with you!', ar: 'شكرًا لكلماتك اللطيفة، سعدنا بالعمل معك!' },
  4: { en: 'Thanks for the feedback, we will be quicker next time.', ar: 'شكرًا على ملاحظتك، سنكون أسرع في المرة القادمة.' },
  3: {
    en: 'Sorry the visit fell short of what you expected. Please message me and I will make it right.',
    ar: 'نعتذر لأن الزيارة لم تكن كما توقعت. راسلني من فضلك وسأصلح الأمر.',
  },
};

const serviceBySlug = (slug: string) => {
  const service = DEMO_SERVICES.find((s) => s.slug === slug);
  if (!service) throw new Error(`No demo service ${slug}`);
  return service;
};

export function demoActivity(today: string): DemoActivity {
  const taken = new Set<string>();
  const bookings: DemoBooking[] = [];
  const providers = new Map(DEMO_PROVIDERS.map((p) => [p.id, p]));
  const omar = providerOf(DEMO_ACCOUNTS.provider.id);
  const omarServices = DEMO_SERVICES.filter((s) => s.providerId === omar.id);

  const add = (service: DemoService, client: DemoUser, story: Story, dayOffset: number) => {
    const n = bookings.length;
    const provider = providers.get(service.providerId)!;
    const minutes = durationOf(service);
    const past = dayOffset < 0;
    const slot = place(taken, provider, addCalendarDays(today, dayOffset), minutes, past ? -1 : 1, 9 + ((n * 5) % 7));
    const daysAhead = Math.max(0, Math.round((Date.parse(slot.date) - Date.parse(today)) / 86_400_000));
    bookings.push({
      id: activityId('b000', n),
      serviceId: service.id,
      providerId: provider.id,
      client,
      scheduledDate: slot.date,
      scheduledTime: slot.time,
      durationMinutes: minutes,
      clientAddress: ADDRESSES[n % ADDRESSES.length]!,
      clientPhone: `+962 79 555 ${String(2000 + (CLIENT_USERS.indexOf(client) + 1) * 37).slice(-4)}`,
      specialInstructions: INSTRUCTIONS[n % INSTRUCTIONS.length]!,
      ...STATES[story],
      cancellationReason: REASONS[story] ?? null,
      steps: stepsOf(story, minutes, daysAhead),
    });
  };

  // The demo client: a booking in every state, with several providers (and the demo provider).
  const sara = DEMO_ACCOUNTS.client;
  add(serviceBySlug('deep-apartment-cleaning'), sara, 'completed', -40);
  add(serviceBySlug('leak-repair'), sara, 'completed', -21);
  add(serviceBySlug('furniture-assembly'), sara, 'completed', -6);
  add(serviceBySlug('standard-home-cleaning'), sara, 'cancelledRefunded', -8);
  add(serviceBySlug('socket-switch-replacement'), sara, 'accepted', 2);
  add(serviceBySlug('room-painting'), sara, 'pending', 5);
  add(serviceBySlug('tv-wall-mounting'), sara, 'pending', 3);

  // The demo provider: a year of completed jobs (busier lately), requests to answer, a week ahead.
  for (let day = -360, k = 0; day <= -1; day += day < -90 ? 5 : 2, k++) {
    add(omarServices[k % omarServices.length]!, CLIENT_USERS[k % CLIENT_USERS.length]!, 'completed', day);
  }
  const upcoming: Array<[Story, number]> = [['pending', 1], ['accepted', 2], ['acceptedUnpaid', 3], ['pending', 4], ['accepted', 6], ['declined', -15], ['cancelledUnpaid', -3]];
  upcoming.forEach(([story, day], k) => add(omarServices[(k + 1) % omarServices.length]!, CLIENT_USERS[(k + 3) % CLIENT_USERS.length]!, story, day));

  // Everyone else: a few jobs in the last four weeks and one coming up, for the admin's charts.
  DEMO_SERVICES.filter((s) => s.providerId !== omar.id).forEach((service, i) => {
    const client = CLIENT_USERS[i % CLIENT_USERS.length]!;
    add(service, client, 'completed', -(2 + ((i * 7) % 27)));
    if (i % 2 === 0) add(service, CLIENT_USERS[(i + 1) % CLIENT_USERS.length]!, 'completed', -(4 + ((i * 11) % 24)));
    if (i % 3 === 0) add(service, CLIENT_USERS[(i + 2) % CLIENT_USERS.length]!, i % 2 ? 'accepted' : 'pending', 1 + (i % 9));
  });

  // The demo client's weekly plan with the demo provider: the same free hour four weeks running,
  // from the first day (tomorrow on) where there is one.
  const weekly = planWeekly(taken, omar, addCalendarDays(today, 1), durationOf(omarServices[0]!), WEEKLY_DEMO_SIZE);
  const series: DemoSeries[] = [
    { id: activityId('b610', 0), frequency: 'weekly', clientId: sara.id, providerId: omar.id, serviceId: omarServices[0]!.id, size: WEEKLY_DEMO_SIZE },
  ];
  weekly.forEach((slot, k) => {
    const minutes = durationOf(omarServices[0]!);
    const daysAhead = Math.round((Date.parse(slot.date) - Date.parse(today)) / 86_400_000);
    bookings.push({
      // Numbered after every other booking, so their ids (and the ids derived from them) stay put.
      id: activityId('b000', bookings.length),
      serviceId: omarServices[0]!.id,
      providerId: omar.id,
      client: sara,
      scheduledDate: slot.date,
      scheduledTime: slot.time,
      durationMinutes: minutes,
      clientAddress: ADDRESSES[2]!,
      clientPhone: '+962 79 555 2037',
      specialInstructions: 'Weekly check of the door locks and hinges.',
      ...STATES.pending,
      cancellationReason: null,
      steps: stepsOf('pending', minutes, daysAhead),
      series: { id: series[0]!.id, frequency: 'weekly', index: k + 1, size: WEEKLY_DEMO_SIZE },
    });
  });

  const bookingOf = (client: DemoUser, slug: string, status: BookingStatus) => {
    const found = bookings.find((b) => b.client.id === client.id && b.serviceId === serviceBySlug(slug).id && b.status === status);
    if (!found) throw new Error(`No ${status} demo booking of ${slug} for ${client.email}`);
    return found;
  };
  const thread = (booking: DemoBooking, messages: DemoMessage[]): Omit<DemoConversation, 'id'> => ({
    providerId: booking.providerId,
    client: booking.client,
    bookingId: booking.id,
    messages,
  });
  const said = (from: DemoMessage['from'], hoursAgo: number, text: string, read = true): DemoMessage => ({ from, text, hoursAgo, read });
  const omarRequest = bookings.find((b) => b.providerId === omar.id && b.status === 'pending' && b.client.id !== sara.id)!;
  // The demo provider's latest finished job for an Arabic-speaking client, thanked for the same evening.
  const omarArabicJob = bookings
    .filter((b) => b.providerId === omar.id && b.status === 'completed' && b.client.language === 'ar')
    .reduce((latest, b) => (b.scheduledDate > latest.scheduledDate ? b : latest));
  const omarArabicHours = ((Date.parse(today) - Date.parse(omarArabicJob.scheduledDate)) / 86_400_000) * 24 - 14;
  // A courier who asked a client to pay outside the platform, reported by the client.
  const offPlatform = bookings.find(
    (b) => b.status === 'completed' && b.client.id !== sara.id && DEMO_SERVICES.find((s) => s.id === b.serviceId)!.slug === 'same-day-parcel-delivery',
  )!;
  const offPlatformHours = ((Date.parse(today) - Date.parse(offPlatform.scheduledDate)) / 86_400_000) * 24 - 10;
  const gardener = DEMO_SERVICES.find((s) => s.slug === 'drip-irrigation-setup')!;
  const conversations = [
    thread(bookingOf(sara, 'socket-switch-replacement', 'accepted'), [
      said('client', 50, 'Hi, the kitchen socket sparks a little when I plug the kettle in. Should I stop using it until you come?'),
      said('provider', 49, 'Yes please, and switch that circuit off at the breaker if you can. I will bring a replacement socket and check the wiring behind it.'),
      said('client', 48, 'Done, thank you! See you then.'),
      said('provider', 3, 'Quick note: I will arrive about 15 minutes early to check your breaker panel first. Is that OK?', false),
    ]),
    thread(bookingOf(sara, 'tv-wall-mounting', 'pending'), [
      said('client', 20, 'Hello Omar, the TV is 65 inches and the wall is concrete. Do I need to buy the bracket?'),
      said('provider', 2, 'Hi Sara, I can bring a tilting bracket for 65" TVs ($25 extra) or fit yours if you have one. I will confirm your booking today.', false),
    ]),
    thread(omarRequest, [
      said('client', 5, 'Hi, could you bring a few extra wall plugs? The walls in our building are quite old.', false),
      said('client', 4, 'Also, could we start an hour earlier if that works for you?', false),
    ]),
    thread(omarArabicJob, [
      said('client', omarArabicHours + 2, 'شكرًا على العمل الممتاز اليوم، كل شيء صار ثابتًا ومرتبًا.'),
      said('provider', omarArabicHours, 'العفو، يسعدني ذلك. إذا احتجت أي شيء آخر فأنا في الخدمة.'),
    ]),
    thread(offPlatform, [
      said('client', offPlatformHours + 2, 'Thanks for the quick delivery today, everything arrived safely.'),
      {
        ...said('provider', offPlatformHours, 'You are welcome! Next time just WhatsApp me on 079 555 0199 and pay cash, it is cheaper than through the app.'),
        reported: 'Asks me to pay outside Khidma.',
      },
    ]),
    {
      providerId: gardener.providerId,
      client: sara,
      bookingId: null,
      messages: [
        said('client', 30, 'Hi, do you also set up drip irrigation for balcony planters? We have about twelve pots.'),
        said('provider', 26, 'Yes, we do balconies often. Twelve pots take about two hours, with a small timer on the tap. Send me a photo of the balcony and I will suggest the layout.'),
      ],
    },
  ].map((conversation, n) => ({ ...conversation, id: activityId('b500', n) }));

  // Reviews: the demo client's two older jobs (the latest one still waits for hers), and every other
  // finished job of the demo provider, a few of them answered.
  const services = new Map(DEMO_SERVICES.map((s) => [s.id, s]));
  const reviewed = [
    bookingOf(sara, 'deep-apartment-cleaning', 'completed'),
    bookingOf(sara, 'leak-repair', 'completed'),
    ...bookings.filter(
      (b, k) => b.providerId === omar.id && b.client.id !== sara.id && b.status === 'completed' && b.scheduledDate < addCalendarDays(today, -2) && k % 2 === 0,
    ),
  ];
  const reviews = reviewed.map((booking, n): DemoBookingReview => {
    const rating = pick(STARS, n);
    const language = booking.client.language;
    const service = services.get(booking.serviceId)!;
    return {
      id: activityId('b800', n),
      bookingId: booking.id,
      rating,
      language,
      comment: reviewComment(rating, language, language === 'ar' ? service.titleAr : service.title, n),
      hoursAfter: 20 + (n % 5) * 3,
      reply: n % 3 === 0 ? { comment: REPLIES[rating][language], hoursAfter: 30 + (n % 4) * 4 } : null,
    };
  });

  // The demo client saved a service she had done before, one she has not tried, and a provider.
  const favourites: DemoFavourite[] = [
    { clientId: sara.id, kind: 'service', targetId: serviceBySlug('deep-apartment-cleaning').id, daysAgo: 30 },
    { clientId: sara.id, kind: 'service', targetId: serviceBySlug('sofa-carpet-shampoo').id, daysAgo: 9 },
    { clientId: sara.id, kind: 'provider', targetId: serviceBySlug('leak-repair').providerId, daysAgo: 4 },
  ];

  return {
    bookings,
    conversations,
    reviews,
    favourites,
    series,
    pendingService: {
      ...omarServices[0]!,
      id: activityId('b300', 0),
      slug: 'shelf-curtain-rail-installation',
      title: 'Shelf and Curtain Rail Installation',
      titleAr: 'تركيب الرفوف وسكك الستائر',
      description: 'Floating shelves, bookcases and curtain rails fixed level and secure on concrete or drywall.',
      descriptionAr: 'تركيب الرفوف المعلّقة والمكتبات وسكك الستائر بشكل مستوٍ وثابت على الجدران الإسمنتية أو الجبسية.',
      features: ['Wall type checked first', 'Fixings included', 'Dust-free drilling'],
      featuresAr: ['فحص نوع الجدار أولًا', 'مواد التثبيت مشمولة', 'حفر بدون غبار'],
      price: 35,
      priceType: 'per_job',
      durationMinutes: 120,
      rating: 0,
      reviewCount: 0,
      createdAt: `${addCalendarDays(today, -1)}T09:30:00.000Z`,
    },
    pendingApplication: {
      id: activityId('b400', 0),
      user: CLIENT_USERS[0]!,
      businessName: 'Khoury Smart Home',
      phone: '+962 79 555 3100',
      businessAddress: 'Sweifieh, Ali Nasouh Al-Taher St., Building 19, Amman',
      city: 'Amman',
      businessType: 'electrical',
      experience: '6-10',
      description:
        'Licensed electrician installing smart switches, lighting scenes and home networks. Eight years with a contractor, now independent.',
      insuranceInfo: 'Public liability cover with Jordan Insurance, policy JI-44210, valid until December next year.',
      daysAgo: 1,
      idCard: 'id-card-specimen.webp',
    },
  };
}

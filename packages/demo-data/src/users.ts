import { addCalendarDays, type Language, type Role } from '@khidma/contracts';

export interface DemoUser {
  /** Fixed so that identity's users and booking's provider profiles agree across services. */
  id: string;
  email: string;
  /** Demo password, printed at start; seeded only as an argon2id hash. */
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  language: Language;
  /** YYYY-MM-DD the account was opened (the admin's user list shows it). */
  joinedAt: string;
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The three accounts a newcomer signs in with. */
export const DEMO_ACCOUNTS = {
  client: { id: uuid(1), email: 'client@khidma.test', password: 'Client#2025', firstName: 'Sara', lastName: 'Haddad', role: 'client', language: 'en', joinedAt: '2024-03-02' },
  provider: { id: uuid(2), email: 'provider@khidma.test', password: 'Provider#2025', firstName: 'Omar', lastName: 'Nasser', role: 'provider', language: 'ar', joinedAt: '2023-01-20' },
  admin: { id: uuid(3), email: 'admin@khidma.test', password: 'Admin#2025', firstName: 'Layla', lastName: 'Mansour', role: 'admin', language: 'en', joinedAt: '2022-11-01' },
} as const satisfies Record<string, DemoUser>;

const providerPeople: Array<[string, string, Language]> = [
  ['Ahmed', 'Al-Farsi', 'ar'],
  ['Fatima', 'Zahra', 'ar'],
  ['Yousef', 'Khalil', 'ar'],
  ['Mariam', 'Saleh', 'en'],
  ['Khaled', 'Ibrahim', 'ar'],
  ['Nour', 'Hamdan', 'en'],
  ['Hassan', 'Qasim', 'ar'],
  ['Rania', 'Aziz', 'en'],
  ['Tariq', 'Mahmoud', 'ar'],
  ['Huda', 'Barakat', 'ar'],
  ['Samir', 'Odeh', 'en'],
  ['Lina', 'Jaber', 'en'],
  ['Faisal', 'Rashid', 'ar'],
  ['Dina', 'Sabbagh', 'en'],
  ['Bilal', 'Hijazi', 'ar'],
  // The grown catalogue (issue 13): two more providers in every category.
  ['Reem', 'Khatib', 'ar'],
  ['Joseph', 'Daoud', 'en'],
  ['Mazen', 'Shawabkeh', 'ar'],
  ['Imran', 'Siddiqui', 'en'],
  ['Nabil', 'Haddad', 'ar'],
  ['Saeed', 'Ghamdi', 'ar'],
  ['Ziad', 'Kanaan', 'en'],
  ['Aisha', 'Mutairi', 'ar'],
  ['Walid', 'Darwish', 'ar'],
  ['Rami', 'Khoury', 'en'],
  ['Hani', 'Awad', 'ar'],
  ['Yasmin', 'Tamimi', 'en'],
  ['Ibrahim', 'Zoubi', 'ar'],
  ['Salma', 'Nassar', 'en'],
  ['Hala', 'Masri', 'ar'],
  ['Adam', 'Qureshi', 'en'],
  ['Majed', 'Otaibi', 'ar'],
  ['Fadi', 'Nimri', 'en'],
  ['Leen', 'Shami', 'en'],
  ['Basel', 'Qudah', 'ar'],
  ['Karim', 'Abdallah', 'en'],
  ['Noura', 'Shehhi', 'ar'],
  ['Zaid', 'Obeidat', 'ar'],
  ['Tamer', 'Said', 'en'],
];

/** Independent providers of the seeded catalogue (the demo provider account is one more). */
export const PROVIDER_USERS: DemoUser[] = providerPeople.map(([firstName, lastName, language], index) => ({
  id: uuid(100 + index),
  email: `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@providers.khidma.test',
  password: `Provider#${100 + index}`,
  firstName,
  lastName,
  role: 'provider',
  language,
  joinedAt: addCalendarDays('2023-03-01', index * 17),
}));

const clientPeople: Array<[string, string, Language]> = [
  ['Rami', 'Khoury', 'en'],
  ['Hala', 'Tamimi', 'ar'],
  ['Zaid', 'Awad', 'ar'],
  ['Maya', 'Darwish', 'en'],
  ['Omar', 'Kanaan', 'ar'],
  ['Salma', 'Masri', 'ar'],
  ['Adam', 'Nassar', 'en'],
  ['Jana', 'Hourani', 'ar'],
];

/** Clients whose bookings fill the demo provider's calendar and the marketplace's charts. */
export const CLIENT_USERS: DemoUser[] = clientPeople.map(([firstName, lastName, language], index) => ({
  id: uuid(200 + index),
  email: `${firstName}.${lastName}`.toLowerCase() + '@clients.khidma.test',
  password: `Client#${200 + index}`,
  firstName,
  lastName,
  role: 'client',
  language,
  joinedAt: addCalendarDays('2024-05-10', index * 41),
}));

export const DEMO_USERS: DemoUser[] = [...Object.values(DEMO_ACCOUNTS), ...PROVIDER_USERS, ...CLIENT_USERS];

import type { Language } from '@khidma/contracts';

export interface DemoReview {
  id: string;
  serviceId: string;
  authorName: string;
  /** Whole stars, 1-5. */
  rating: number;
  comment: string;
  /** The language the review was written in (reviews are shown as written, not translated). */
  language: Language;
  /** ISO time; always after the service was listed. */
  createdAt: string;
}

/** What a review is written about: the service as its card names it. */
export interface ReviewedService {
  id: string;
  title: string;
  titleAr: string;
  createdAt: string;
}

const AUTHORS: Record<Language, string[]> = {
  en: ['Emma Clarke', 'Daniel Moore', 'Sophie Turner', 'James Wilson', 'Olivia Brown', 'Lucas Meyer', 'Hannah Scott', 'Ryan Patel'],
  ar: ['محمد العلي', 'سارة الخطيب', 'عبدالله الزعبي', 'ريم الحسن', 'يزن الشامي', 'هبة النجار', 'علي المصري', 'منى القاسم'],
};

/** Comments by stars and language; `{title}` is the service's title in that language. */
const COMMENTS: Record<5 | 4 | 3, Record<Language, string[]>> = {
  5: {
    en: [
      'Booked {title} and it was excellent: on time, careful and friendly.',
      'Really professional. {title} was done exactly as described and the price was fair.',
      'Arrived early, explained everything and left the place tidy. Will book {title} again.',
      'Best service I have used on Khidma so far. Highly recommended.',
      'Quick to reply, easy to schedule and great quality of work.',
    ],
    ar: [
      'حجزت «{title}» وكانت الخدمة ممتازة: التزام بالموعد وعناية ولطف في التعامل.',
      'عمل احترافي جدًا، نُفّذت «{title}» كما هو موصوف تمامًا والسعر مناسب.',
      'وصلوا قبل الموعد وشرحوا كل شيء وتركوا المكان مرتبًا. سأحجز مرة أخرى بالتأكيد.',
      'أفضل خدمة جرّبتها عبر التطبيق حتى الآن، أنصح بها بشدة.',
      'ردّ سريع وحجز سهل وجودة عمل عالية. شكرًا جزيلًا.',
    ],
  },
  4: {
    en: [
      'Good job overall on {title}. Arrived a little late but the work was solid.',
      'Happy with the result. Slightly pricier than expected, but worth it.',
      'Friendly and skilled; one small thing had to be redone, which they did right away.',
    ],
    ar: [
      'عمل جيد بشكل عام في «{title}»، تأخروا قليلًا لكن النتيجة متقنة.',
      'راضٍ عن النتيجة، السعر أعلى قليلًا مما توقعت لكنه يستحق.',
      'تعامل لطيف ومهارة واضحة، واحتاج أمر بسيط إلى إعادة فأصلحوه فورًا.',
    ],
  },
  3: {
    en: ['The work was fine, but communication before the visit could be better.'],
    ar: ['العمل مقبول، لكن التواصل قبل الزيارة يحتاج إلى تحسين.'],
  },
};

/** The `n`-th comment of a `rating`-star review in `language` about the service titled `title`. */
export const reviewComment = (rating: 5 | 4 | 3, language: Language, title: string, n: number) =>
  pick(COMMENTS[rating][language], n).replace('{title}', title);

const HOUR_MS = 3600 * 1000;

/** The `n`-th entry of a non-empty list, wrapping around. */
export const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;
const DAY_MS = 24 * HOUR_MS;

/** Fixed ids so the seed upserts the same rows every run; `n` is the review's running number. */
export const reviewId = (n: number) => `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`;

/**
 * 2-6 reviews for the `index`-th service whose stars average as close to `targetRating` as their
 * count allows (e.g. five reviews for 4.8: four 5s and a 4). Deterministic, so every machine seeds
 * the same text; English and Arabic alternate with an offset per service.
 */
export function writeReviews(service: ReviewedService, targetRating: number, index: number, firstId: number): DemoReview[] {
  const count = 2 + ((index * 7) % 5);
  const short = Math.round(count * (5 - targetRating) * 100) / 100;
  // Stars below 5: each 4 lowers the sum by one; a 3 stands in for two 4s when the target is low.
  const threes = Math.floor(short / 2);
  const fours = Math.round(short - threes * 2);
  const stars = Array.from({ length: count }, (_, k) => (k < threes ? 3 : k < threes + fours ? 4 : 5));
  const listed = Date.parse(service.createdAt);
  return stars.map((rating, k) => {
    const language: Language = (index + k) % 2 === 0 ? 'en' : 'ar';
    const title = language === 'en' ? service.title : service.titleAr;
    return {
      id: reviewId(firstId + k),
      serviceId: service.id,
      authorName: pick(AUTHORS[language], index * 3 + k),
      rating,
      comment: reviewComment(rating as 5 | 4 | 3, language, title, index + k * 2),
      language,
      // Spread over the weeks after listing, at different hours of the day.
      createdAt: new Date(listed + (k + 1) * 9 * DAY_MS + ((index + k * 5) % 10) * HOUR_MS).toISOString(),
    };
  });
}

/** The aggregate the catalogue shows: the mean of the stars to two decimals, and the count. */
export function ratingOf(reviews: Pick<DemoReview, 'rating'>[]): { rating: number; reviewCount: number } {
  if (reviews.length === 0) throw new Error('A demo service always has reviews');
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return { rating: Math.round((sum / reviews.length) * 100) / 100, reviewCount: reviews.length };
}

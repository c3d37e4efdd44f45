import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { Review } from '../src/catalogue/entities/review.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { bookingWithCatalogue, undoThrough } from './support.js';

const MIGRATION = 'BookingReviews1764600000000';
const REVIEW_COLUMNS = ['bookingId', 'clientId', 'replyComment', 'repliedAt', 'hiddenAt', 'hiddenBy', 'hiddenReason', 'updatedAt'];

describe('booking reviews migration', () => {
  const booking = bookingWithCatalogue();

  it('drops its columns on the way down and, on the way up, keeps the reviews and gives providers the rating and count of theirs', async () => {
    const reviewsBefore = await booking.dataSource.getRepository(Review).count();
    await undoThrough(booking.dataSource, MIGRATION);
    const queryRunner = booking.dataSource.createQueryRunner();
    for (const column of REVIEW_COLUMNS) expect([column, await queryRunner.hasColumn('reviews', column)]).toEqual([column, false]);
    expect(await queryRunner.hasColumn('providers', 'reviewCount')).toBe(false);

    await booking.dataSource.runMigrations();
    for (const column of REVIEW_COLUMNS) expect([column, await queryRunner.hasColumn('reviews', column)]).toEqual([column, true]);
    await queryRunner.release();

    const reviews = await booking.dataSource.getRepository(Review).find();
    expect(reviews).toHaveLength(reviewsBefore);
    for (const review of reviews) {
      expect(review).toMatchObject({ bookingId: null, clientId: null, replyComment: null, hiddenAt: null });
      expect(review.updatedAt.toISOString()).toBe(review.createdAt.toISOString());
    }
    const services = await booking.dataSource.getRepository(ServiceListing).find();
    for (const provider of await booking.dataSource.getRepository(Provider).find()) {
      const own = reviews.filter((r) => services.some((s) => s.id === r.serviceId && s.providerId === provider.id));
      const mean = own.length ? Math.round((own.reduce((sum, r) => sum + r.rating, 0) / own.length) * 100) / 100 : null;
      expect([provider.businessName, provider.reviewCount, provider.rating]).toEqual([provider.businessName, own.length, own.length ? mean : provider.rating]);
    }
  });
});

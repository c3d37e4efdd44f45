import { randomUUID } from 'node:crypto';
import { UPLOADS } from '@khidma/contracts';
import { fetchJson } from '@khidma/nest-kit/testing';
import { DataSource } from 'typeorm';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ProviderApplication } from '../src/provider-applications/entities/provider-application.entity.js';
import { ProviderDocument } from '../src/provider-applications/entities/provider-document.entity.js';
import { startNotificationsStack } from './notifications-support.js';
import { application, dataUrl, jpeg, PDF, PNG } from './provider-applications-fixtures.js';

describe('provider applications', () => {
  let stack: Awaited<ReturnType<typeof startNotificationsStack>>;
  let dataSource: DataSource;
  const people = { client: randomUUID(), other: randomUUID(), provider: randomUUID(), admin: randomUUID() };
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startNotificationsStack();
    dataSource = stack.app.get(DataSource);
    tokens.client = await stack.identity.token(people.client);
    tokens.other = await stack.identity.token(people.other);
    tokens.provider = await stack.identity.token(people.provider, 'provider');
    tokens.admin = await stack.identity.token(people.admin, 'admin');
  });
  afterAll(() => stack.close());

  const call = (method: string, path: string, as?: string, json?: unknown, headers: Record<string, string> = {}) =>
    fetchJson(`${stack.url}${path}`, { method, json, headers: { ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}), ...headers } });
  const apply = (as: string | undefined, json: unknown, query = '?force=true') => call('POST', `/api/providers/apply${query}`, as, json);
  const counts = async () => ({
    applications: await dataSource.getRepository(ProviderApplication).count(),
    documents: await dataSource.getRepository(ProviderDocument).count(),
  });
  /** Fresh applicant with a token of their own. */
  const newApplicant = async () => {
    const id = randomUUID();
    tokens[id] = await stack.identity.token(id);
    return id;
  };

  describe('refused applications store nothing', () => {
    const refusals: [string, () => unknown, number, string, RegExp][] = [
      ['terms not agreed', () => application({ agreedToTerms: false }), 400, 'terms_required', /^Terms Required/],
      ['required fields missing', () => application({ businessName: '  ', phone: '', businessDocs: application().businessDocs.slice(0, 3) }), 400, 'missing_fields', /^Missing Required Fields: businessName, phone, description$/],
      ['no ID card', () => application({ businessDocs: application().businessDocs.slice(2) }), 400, 'id_card_required', /^ID Card Required/],
      ['3 ID files', () => application({ businessDocs: [...application().businessDocs, { type: 'id_card', side: 'front', dataUrl: dataUrl(jpeg()) }] }), 400, 'too_many_id_files', /at most 2 ID card images/],
      ['no certification', () => application({ businessDocs: application().businessDocs.filter((d) => d.type !== 'certification') }), 400, 'certification_required', /^Certification Required/],
      ['a PDF declared as image/jpeg', () => application({ businessDocs: [{ type: 'id_card', side: 'front', dataUrl: dataUrl(PDF, 'image/jpeg') }, ...application().businessDocs.slice(2)] }), 400, 'invalid_image', /ID card \(front\) is not a JPEG, PNG or WebP image/],
      ['text sent as data:image/png', () => application({ businessDocs: application().businessDocs.map((d) => (d.type === 'certification' ? { ...d, dataUrl: dataUrl(Buffer.from('just some text, not a picture'), 'image/png') } : d)) }), 400, 'invalid_image', /Certification is not/],
      ['an image over 1000 KB', () => application({ businessDocs: [{ type: 'id_card', side: 'front', dataUrl: dataUrl(jpeg(UPLOADS.maxImageBytes + 1)) }, ...application().businessDocs.slice(2)] }), 400, 'image_too_large', /too large .* Please use a smaller image\.$/],
      ['an unknown category', () => application({ businessType: 'weapons' as never }), 400, 'validation_failed', /businessType/],
      ['an unknown field', () => application({ isAdmin: true }), 400, 'validation_failed', /isAdmin/],
    ];
    it.each(refusals)('%s', async (_what, body, status, code, message) => {
      const before = await counts();
      const response = await apply('client', body());
      expect([response.status, response.body.code]).toEqual([status, code]);
      expect(response.body.message).toMatch(message);
      expect(await counts()).toEqual(before);
    });

    it('lists every missing field in `fields`', async () => {
      const response = await apply('client', { agreedToTerms: true });
      expect(response.body.fields).toEqual({
        businessName: 'required',
        ownerName: 'required',
        email: 'required',
        phone: 'required',
        businessAddress: 'required',
        businessType: 'required',
        experience: 'required',
        description: 'required',
      });
    });

    it('answers 413 "Payload is too large" to a body over 10 MB', async () => {
      const before = await counts();
      const huge = application({ businessDocs: [{ type: 'description', text: 'x'.repeat(UPLOADS.maxTotalBytes + 1024) }] });
      const response = await apply('client', huge);
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ statusCode: 413, code: 'payload_too_large', message: 'Payload is too large' });
      expect(await counts()).toEqual(before);
    });

    it('keeps the 1 MiB limit on other routes', async () => {
      const response = await call('POST', '/api/contact', undefined, { name: 'x', email: 'a@b.co', subject: 's', message: 'm'.repeat(1.5 * 1024 * 1024) });
      expect(response.status).toBe(413);
    });
  });

  it('stores an application with sniffed images, shows it to its applicant, and refuses a second one', async () => {
    const applicant = await newApplicant();
    const response = await apply(applicant, { ...application(), language: 'ar' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      userId: applicant,
      status: 'pending',
      businessName: 'Sparkle Cleaning',
      email: 'nour@example.com',
      city: 'Amman',
      businessType: 'cleaning',
      description: 'Home and office cleaning, eco-friendly products.',
      rejectionReason: null,
      reviewedAt: null,
    });
    const documents = response.body.documents as { id: string; kind: string; contentType: string; bytes: number; url: string }[];
    expect(documents.map((d) => [d.kind, d.contentType, d.bytes])).toEqual([
      ['id_card_front', 'image/jpeg', 2048],
      ['id_card_back', 'image/png', PNG.length],
      ['certification', 'image/jpeg', 4096],
    ]);
    for (const d of documents) expect(d.url).toBe(`/api/providers/documents/${d.id}`);
    expect((await dataSource.getRepository(ProviderApplication).findOneByOrFail({ id: response.body.id })).language).toBe('ar');

    const mine = await call('GET', '/api/providers/application', applicant);
    expect(mine.status).toBe(200);
    expect(mine.body.application).toEqual(response.body);
    expect((await call('GET', '/api/providers/application', 'other')).body).toEqual({ application: null });

    const again = await apply(applicant, application());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'application_pending', message: 'You already have a pending application. Please wait for admin review.' });
  });

  it('lets only one of two simultaneous applications in', async () => {
    const applicant = await newApplicant();
    const answers = await Promise.all([apply(applicant, application()), apply(applicant, application())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await dataSource.getRepository(ProviderApplication).countBy({ userId: applicant })).toBe(1);
  });

  it('refuses providers: by role, and by an approved profile whatever the token says', async () => {
    const byRole = await apply('provider', application());
    expect(byRole.status).toBe(409);
    expect(byRole.body).toMatchObject({ code: 'already_provider', message: 'You are already an approved provider' });

    const applicant = await newApplicant();
    const [category] = await dataSource.query('SELECT id FROM service_categories LIMIT 1').catch(() => [undefined]);
    await dataSource.getRepository(Provider).insert({
      id: randomUUID(),
      userId: applicant,
      businessName: 'Old Hand',
      businessNameAr: 'Old Hand',
      bio: '',
      bioAr: '',
      city: 'Amman',
      cityAr: 'Amman',
      categoryId: category?.id ?? null,
      status: 'approved',
      languages: [],
      weeklyAvailability: { sunday: null, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null },
      joinedAt: '2025-01-01',
    });
    const byProfile = await apply(applicant, application());
    expect(byProfile.body.code).toBe('already_provider');
    expect((await apply('admin', application())).body).toMatchObject({ statusCode: 409, code: 'admin_cannot_apply' });
  });

  describe('documents', () => {
    let applicant: string;
    let documentId: string;
    beforeAll(async () => {
      applicant = await newApplicant();
      const response = await apply(applicant, application());
      documentId = response.body.documents[1].id;
    });

    it('serves the image to its applicant and to admins, with no-store and nosniff', async () => {
      for (const as of [applicant, 'admin']) {
        const response = await fetch(`${stack.url}/api/providers/documents/${documentId}`, { headers: { authorization: `Bearer ${tokens[as]}` } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/png');
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-disposition')).toBe('inline');
        expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
      }
    });

    it('is unknown to everyone else', async () => {
      expect((await call('GET', `/api/providers/documents/${documentId}`)).status).toBe(401);
      for (const as of ['other', 'provider']) {
        const response = await call('GET', `/api/providers/documents/${documentId}`, as, undefined, { 'X-Is-Admin-Email': 'true', 'x-khidma-role': 'admin' });
        expect([as, response.status, response.body.code]).toEqual([as, 404, 'not_found']);
      }
      expect((await call('GET', `/api/providers/documents/${randomUUID()}`, 'admin')).status).toBe(404);
      expect((await call('GET', '/api/providers/documents/not-a-uuid', 'admin')).status).toBe(404);
    });
  });

  it('needs a signed-in caller for every route', async () => {
    expect((await apply(undefined, application())).status).toBe(401);
    expect((await call('GET', '/api/providers/application')).status).toBe(401);
  });
});

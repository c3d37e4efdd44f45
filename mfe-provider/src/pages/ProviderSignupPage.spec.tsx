import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UPLOADS, type ProviderApplicationRequest } from '@khidma/contracts';
import { formatNumber, i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse, resetToasts } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { LANGUAGES, fakeApi, renderProvider, signIn, tr, user } from '../testing/render';
import { fakeCodec, jpegOf } from '../testing/images';
import { dataUrlBytes } from '../lib/images';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => resetToasts());
afterEach(() => jest.useRealTimers());

const textbox = (key: string) => screen.getByRole('textbox', { name: tr(`signup.fields.${key}`) });
const type = (key: string, value: string) => fireEvent.change(textbox(key), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: tr('signup.submit') }));
const png = (name: string) => new File(['pixels'], name, { type: 'image/png' });

async function upload(labelKey: string, name: string) {
  const label = tr(`signup.fields.${labelKey}`);
  fireEvent.change(screen.getByLabelText(label), { target: { files: [png(name)] } });
  return screen.findByAltText(tr('signup.images.previewAlt', { label }));
}

async function chooseCategory(category: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: tr('signup.fields.serviceCategory') }));
  const option = await screen.findByTitle(tr(`categories.${category}`));
  fireEvent.click(option);
}

/** Opens the form signed in as a client, in the current language. */
async function openForm(codec = fakeCodec(1600, 1200).codec) {
  signIn(user('client'));
  const router = renderProvider('/provider-signup', { codec });
  await screen.findByRole('textbox', { name: tr('signup.fields.businessName') });
  return router;
}

/** Every field and the terms, typed and picked the way a person would; no pictures yet. */
async function fillDetails() {
  type('businessName', 'Sparkle Co');
  type('phone', '+20 100 000 0000');
  type('businessAddress', '12 Nile St, Cairo');
  type('description', 'Homes and offices, weekly or once.');
  await chooseCategory('cleaning');
  fireEvent.click(screen.getByRole('checkbox', { name: tr('signup.fields.agreedToTerms') }));
}

/** Everything spec §5 asks for. */
async function fillValid() {
  await fillDetails();
  await upload('idFront', 'front.png');
  await upload('certification', 'cert.png');
}

const alertTitled = async (key: string) => (await screen.findByText(tr(key))).closest('[role="alert"]') as HTMLElement;

describe.each(LANGUAGES)('provider application in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('asks for the terms first, then lists every missing required field', async () => {
    fakeApi({});
    await openForm();
    submit();
    expect(await alertTitled('signup.problems.terms.title')).toHaveTextContent(tr('signup.problems.terms.text'));

    fireEvent.click(screen.getByRole('checkbox', { name: tr('signup.fields.agreedToTerms') }));
    submit();
    const alert = await alertTitled('signup.problems.missing.title');
    // The owner's name and e-mail come from the account; the rest is missing, listed by label.
    const listed = ['businessName', 'phone', 'businessAddress', 'serviceCategory', 'description'].map((f) => tr(`signup.fields.${f}`));
    expect(alert).toHaveTextContent(tr('signup.problems.missing.text', { fields: listed.join(tr('signup.listSeparator')) }));
    expect(textbox('businessName')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('ownerName')).toHaveValue('Sara Haddad');
    expect(textbox('ownerName')).not.toHaveAttribute('aria-invalid');
  });

  it('then needs an ID card picture, then the certification', async () => {
    fakeApi({});
    await openForm();
    await fillDetails();
    submit();
    expect(await alertTitled('signup.problems.idCard.title')).toHaveTextContent(tr('signup.problems.idCard.text'));

    await upload('idBack', 'back.png');
    submit();
    expect(await alertTitled('signup.problems.certification.title')).toHaveTextContent(tr('signup.problems.certification.text'));
  });

  it('shrinks each picture to 400 px at JPEG quality 0.3, previews it and lets it be removed', async () => {
    fakeApi({});
    const { codec, encodes } = fakeCodec(3000, 2000);
    await openForm(codec);
    const preview = await upload('idFront', 'front.png');
    expect(encodes).toEqual([{ width: UPLOADS.maxImageSidePx, height: 267, quality: UPLOADS.jpegQuality }]);
    expect(preview).toHaveAttribute('width', '400');

    const label = tr('signup.fields.idFront');
    fireEvent.click(screen.getByRole('button', { name: tr('signup.images.removeLabel', { label }) }));
    expect(screen.queryByAltText(tr('signup.images.previewAlt', { label }))).toBeNull();
    expect(screen.getByLabelText(label)).toHaveAttribute('type', 'file');
  });

  it('refuses a picture still too large after shrinking, naming it', async () => {
    fakeApi({});
    const encodedBytes = UPLOADS.maxImageBytes + 50_000;
    await openForm(fakeCodec(400, 400, encodedBytes).codec);
    const label = tr('signup.fields.certification');
    fireEvent.change(screen.getByLabelText(label), { target: { files: [png('huge-scan.png')] } });
    const error = await screen.findByText((text) => text.includes('huge-scan.png'));
    const kb = (bytes: number) => formatNumber(Math.ceil(bytes / 1024), language);
    const size = kb(dataUrlBytes(jpegOf(encodedBytes)));
    expect(error).toHaveTextContent(tr('signup.images.tooLarge', { name: 'huge-scan.png', size, limit: kb(UPLOADS.maxImageBytes) }));
    if (language === 'en') expect(error).toHaveTextContent(/too large .* Please use a smaller image\.$/);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the application in the current language and goes to /pending-approval', async () => {
    const api = fakeApi({ 'POST /api/providers/apply': fakeResponse(201, { id: 'app-1', status: 'pending' }) });
    const router = await openForm();
    await fillValid();
    fireEvent.click(screen.getByRole('checkbox', { name: tr('signup.fields.hasLicense') }));
    type('licenseNumber', 'LIC-42');
    submit();
    await waitFor(() => expect(router.url).toBe('/pending-approval'));
    expect(await screen.findByText(tr('signup.submitted'))).toBeInTheDocument();
    const request = api.calls[0]?.body as ProviderApplicationRequest;
    expect(request).toMatchObject({
      businessName: 'Sparkle Co',
      ownerName: 'Sara Haddad',
      email: 'sara@example.com',
      city: 'Cairo',
      businessType: 'cleaning',
      licenseNumber: 'LIC-42',
      hasLicense: true,
      insuranceInfo: '',
      agreedToTerms: true,
      language,
    });
    expect(request.businessDocs.map((doc) => doc.type)).toEqual(['id_card', 'certification', 'description']);
  });

  it('an application already pending: toast, then /pending-approval after 1.5 s', async () => {
    fakeApi({
      'POST /api/providers/apply': fakeResponse(409, {
        statusCode: 409,
        code: 'application_pending',
        message: 'You already have a pending application. Please wait for admin review.',
      }),
    });
    const router = await openForm();
    await fillValid();
    jest.useFakeTimers();
    submit();
    // Let the answer arrive without moving the clock.
    for (let i = 0; i < 10; i += 1) await act(() => jest.advanceTimersByTimeAsync(0));
    await act(() => jest.advanceTimersByTimeAsync(1499));
    expect(router.url).toBe('/provider-signup');
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(router.url).toBe('/pending-approval');
    jest.useRealTimers();
    expect(await screen.findByText(tr('errors.codes.application_pending'))).toBeInTheDocument();
  });

  it('already a provider: the session learns the new role and goes to the dashboard', async () => {
    fakeApi({
      'POST /api/providers/apply': fakeResponse(409, { statusCode: 409, code: 'already_provider', message: 'You are already an approved provider' }),
      'POST /api/auth/refresh': fakeResponse(200, { accessToken: 'renewed', expiresIn: 600, user: user('provider') }),
    });
    const router = await openForm();
    await fillValid();
    submit();
    expect(await screen.findByText(tr('errors.codes.already_provider'))).toBeInTheDocument();
    await waitFor(() => expect(router.url).toBe('/provider-dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: tr('dashboard.title') })).toBeInTheDocument();
  });

  it('other failures say "Submission failed" with the reason, and keep everything typed', async () => {
    const api = fakeApi({
      'POST /api/providers/apply': fakeResponse(503, { statusCode: 503, code: 'service_unavailable', message: 'Database unavailable' }),
    });
    const router = await openForm();
    await fillValid();
    submit();
    expect(await alertTitled('signup.failedTitle')).toHaveTextContent('Database unavailable');

    api.set('POST /api/providers/apply', fakeResponse(500, 'Internal Server Error'));
    submit();
    expect(await screen.findByText(tr('signup.failedFallback'))).toBeInTheDocument();
    expect(router.url).toBe('/provider-signup');
    expect(textbox('businessName')).toHaveValue('Sparkle Co');
    expect(textbox('description')).toHaveValue('Homes and offices, weekly or once.');
    expect(screen.getByRole('checkbox', { name: tr('signup.fields.agreedToTerms') })).toBeChecked();
    expect(screen.getByAltText(tr('signup.images.previewAlt', { label: tr('signup.fields.idFront') }))).toBeInTheDocument();
  });

  it('a 413 from the way in says "Payload is too large"', async () => {
    fakeApi({ 'POST /api/providers/apply': fakeResponse(413, '<html>Request Entity Too Large</html>') });
    await openForm();
    await fillValid();
    submit();
    expect(await alertTitled('signup.failedTitle')).toHaveTextContent(tr('errors.codes.payload_too_large'));
  });

  it('server field problems mark the fields', async () => {
    fakeApi({
      'POST /api/providers/apply': fakeResponse(400, {
        statusCode: 400,
        code: 'validation_failed',
        message: 'phone must be a valid phone number',
        fields: { phone: 'isPhoneNumber' },
      }),
    });
    await openForm();
    await fillValid();
    submit();
    expect(await alertTitled('signup.failedTitle')).toHaveTextContent(tr('errors.codes.validation_failed'));
    expect(textbox('phone')).toHaveAttribute('aria-invalid', 'true');
    expect(within(textbox('phone').closest('.kp-field') as HTMLElement).getByText(tr('signup.errors.rejected'))).toBeInTheDocument();
  });

  it('signed out: "Login required" and off to sign in, coming back here', async () => {
    fakeApi({});
    signIn(null);
    const router = renderProvider('/become-provider');
    expect(await screen.findByText(tr('signup.loginRequired'))).toBeInTheDocument();
    expect(router.url).toBe('/login?redirect=%2Fbecome-provider');
  });

  it('a session that ended while filling in: "Login required" on submit', async () => {
    fakeApi({ 'POST /api/providers/apply': fakeResponse(401, { statusCode: 401, code: 'unauthorized', message: 'Unauthorized' }) });
    const router = await openForm();
    await fillValid();
    submit();
    await waitFor(() => expect(router.url).toBe('/login?redirect=%2Fprovider-signup'));
    expect(await screen.findByText(tr('signup.loginRequired'))).toBeInTheDocument();
  });

  it('providers go to their dashboard', async () => {
    fakeApi({});
    signIn(user('provider'));
    const router = renderProvider('/provider-signup');
    await waitFor(() => expect(router.url).toBe('/provider-dashboard'));
  });

  it('links to the terms', async () => {
    fakeApi({});
    await openForm();
    expect(screen.getByRole('link', { name: tr('signup.termsLink') })).toHaveAttribute('href', '/terms');
  });
});

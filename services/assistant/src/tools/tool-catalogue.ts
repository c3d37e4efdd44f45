import { BOOKING, BOOKING_LIST_LIMITS, BOOKING_SLOTS, BOOKING_TABS, type BookingTab, LANGUAGES, PHONE_PATTERN, PRICE_RANGES, type Role, SORT_OPTIONS } from '@khidma/contracts';
import type { AuthUser } from '@khidma/nest-kit';
import { z } from 'zod';
import type { PublicApi } from './public-api.js';

export interface ToolContext {
  api: PublicApi;
  /** The signed-in caller; undefined for an anonymous visitor. */
  user?: AuthUser;
}

export interface Tool<S extends z.ZodType = z.ZodType, R = unknown> {
  name: string;
  description: string;
  parameters: S;
  /** Changes something: runs only with a valid confirmation token (never straight from a message). */
  mutating: boolean;
  /** Needs a signed-in caller (and, when set, one of these roles). */
  signedIn: boolean;
  roles?: Role[];
  run(context: ToolContext, parameters: z.infer<S>): Promise<R>;
}

const uuid = z.uuid();
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const slot = z.enum(BOOKING_SLOTS as [string, ...string[]]);

const tool = <S extends z.ZodType, R>(definition: Tool<S, R>) => definition;

/** Every tool the assistant can use, for both engines: one name, one JSON schema, one handler each. */
export const TOOLS = {
  search_services: tool({
    name: 'search_services',
    description: 'Search the service catalogue by category slug, free text, price range, maximum price and sort.',
    parameters: z.strictObject({
      category: z.string().max(100).optional(),
      search: z.string().max(100).optional(),
      priceRange: z.enum(PRICE_RANGES).optional(),
      priceMax: z.number().positive().optional(),
      priceMin: z.number().nonnegative().optional(),
      sortBy: z.enum(SORT_OPTIONS).optional(),
      limit: z.number().int().min(1).max(10).default(5),
    }),
    mutating: false,
    signedIn: false,
    async run({ api }, { limit, priceMax, priceMin, ...query }) {
      const filtered = priceMax !== undefined || priceMin !== undefined;
      const { services } = await api.searchServices({ ...query, limit: filtered ? 100 : limit });
      return services.filter((s) => (priceMax === undefined || s.price <= priceMax) && (priceMin === undefined || s.price >= priceMin)).slice(0, limit);
    },
  }),
  check_availability: tool({
    name: 'check_availability',
    description: 'Free and taken hours of one service on one day (YYYY-MM-DD, marketplace time zone).',
    parameters: z.strictObject({ serviceId: uuid, date: calendarDate, excludeBookingId: uuid.optional() }),
    mutating: false,
    signedIn: false,
    run: ({ api }, { serviceId, date, excludeBookingId }) => api.availability(serviceId, date, excludeBookingId),
  }),
  create_booking: tool({
    name: 'create_booking',
    description: 'Book a service for the signed-in client at a date and hour, with address and phone.',
    parameters: z.strictObject({
      serviceId: uuid,
      scheduledDate: calendarDate,
      scheduledTime: slot,
      clientAddress: z.string().trim().min(1).max(500),
      clientPhone: z.string().trim().regex(PHONE_PATTERN),
      specialInstructions: z.string().max(2000).optional(),
      language: z.enum(LANGUAGES).optional(),
    }),
    mutating: true,
    signedIn: true,
    run: ({ api }, request) => api.createBooking(request),
  }),
  list_my_bookings: tool({
    name: 'list_my_bookings',
    description:
      "One page of the signed-in client's bookings in one tab (upcoming: pending, accepted or in progress; completed; cancelled), " +
      'upcoming soonest first, the other tabs latest first, with status and allowed actions, each tab\'s count, and nextCursor: pass it as `after` for the next page (null: no more).',
    parameters: z.strictObject({
      tab: z.enum(Object.keys(BOOKING_TABS) as [BookingTab, ...BookingTab[]]).default('upcoming'),
      limit: z.number().int().min(1).max(BOOKING_LIST_LIMITS.maxLimit).optional(),
      after: z.string().max(300).optional(),
    }),
    mutating: false,
    signedIn: true,
    run: ({ api, user }, query) => api.myBookings(user!.id, query),
  }),
  cancel_booking: tool({
    name: 'cancel_booking',
    description: "Cancel one of the signed-in client's bookings, with a reason.",
    parameters: z.strictObject({ bookingId: uuid, cancellationReason: z.string().trim().min(BOOKING.cancelReasonMinLength).max(1000) }),
    mutating: true,
    signedIn: true,
    run: ({ api }, { bookingId, cancellationReason }) => api.cancelBooking(bookingId, cancellationReason),
  }),
  reschedule_booking: tool({
    name: 'reschedule_booking',
    description: "Move one of the signed-in client's bookings to another date and hour.",
    parameters: z.strictObject({ bookingId: uuid, scheduledDate: calendarDate, scheduledTime: slot }),
    mutating: true,
    signedIn: true,
    run: ({ api }, { bookingId, ...slotRequest }) => api.rescheduleBooking(bookingId, slotRequest),
  }),
  list_notifications: tool({
    name: 'list_notifications',
    description: "The signed-in user's latest notifications and unread count.",
    parameters: z.strictObject({ limit: z.number().int().min(1).max(20).default(5) }),
    mutating: false,
    signedIn: true,
    run: ({ api }, { limit }) => api.notifications(limit),
  }),
  provider_jobs: tool({
    name: 'provider_jobs',
    description: "The signed-in provider's bookings (jobs) with their status and allowed actions.",
    parameters: z.strictObject({}),
    mutating: false,
    signedIn: true,
    roles: ['provider'],
    run: async ({ api }) => (await api.providerBookings()).bookings,
  }),
  provider_booking_action: tool({
    name: 'provider_booking_action',
    description: "Accept, start or complete one of the signed-in provider's jobs.",
    parameters: z.strictObject({ bookingId: uuid, action: z.enum(['accept', 'start', 'complete']) }),
    mutating: true,
    signedIn: true,
    roles: ['provider'],
    run: ({ api }, { bookingId, action }) => api.providerTransition(bookingId, action),
  }),
  admin_pending: tool({
    name: 'admin_pending',
    description: 'Provider applications and services waiting for an admin decision (read only).',
    parameters: z.strictObject({}),
    mutating: false,
    signedIn: true,
    roles: ['admin'],
    run: ({ api }) => api.pendingApprovals(),
  }),
} as const;

export type ToolName = keyof typeof TOOLS;
export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];
export const MUTATING_TOOLS = TOOL_NAMES.filter((name) => TOOLS[name].mutating);
export type ToolParameters<N extends ToolName> = z.infer<(typeof TOOLS)[N]['parameters']>;
export type ToolResult<N extends ToolName> = Awaited<ReturnType<(typeof TOOLS)[N]['run']>>;

export const isToolName = (name: string): name is ToolName => Object.hasOwn(TOOLS, name);

/** The catalogue as function-calling tools (JSON Schema parameters) for a language model. */
export const toolSchemas = () =>
  TOOL_NAMES.map((name) => ({
    type: 'function' as const,
    function: { name, description: TOOLS[name].description, parameters: z.toJSONSchema(TOOLS[name].parameters, { io: 'input' }) },
  }));

export class ToolInputError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super(issues.map((issue) => `${issue.path.join('.') || 'parameters'}: ${issue.message}`).join('; '));
  }
}

export class ToolAccessError extends Error {}

/** Validates the parameters against the tool's schema and the caller against its rules, then runs it. */
export async function runTool<N extends ToolName>(name: N, context: ToolContext, parameters: unknown): Promise<ToolResult<N>> {
  const definition = TOOLS[name] as unknown as Tool;
  const parsed = definition.parameters.safeParse(parameters ?? {});
  if (!parsed.success) throw new ToolInputError(parsed.error.issues);
  if (definition.signedIn && !context.user) throw new ToolAccessError('sign_in_required');
  if (definition.roles && !definition.roles.includes(context.user!.role)) throw new ToolAccessError('forbidden');
  return (await definition.run(context, parsed.data)) as ToolResult<N>;
}

/** Validated parameters (defaults applied) or the schema's issues. */
export function parseToolParameters<N extends ToolName>(name: N, parameters: unknown): ToolParameters<N> {
  const parsed = TOOLS[name].parameters.safeParse(parameters ?? {});
  if (!parsed.success) throw new ToolInputError(parsed.error.issues);
  return parsed.data as ToolParameters<N>;
}

import type { ChatResponse } from '@khidma/contracts';
import type { ToolName } from '../tools/tool-catalogue.js';

/** What the assistant answers to one message: the public contract's shape. */
export type AssistantReply = ChatResponse;

export type TaskKind = 'book' | 'cancel' | 'reschedule' | 'provider_action';
export type SlotName = 'service' | 'date' | 'time' | 'address' | 'phone' | 'booking';

export interface ServiceChoice {
  id: string;
  slug: string;
  title: string;
  titleAr: string;
  price: number;
  priceType: string;
  duration: number;
  providerName: string;
  providerNameAr: string;
}

export interface BookingChoice {
  id: string;
  bookingNumber: string;
}

/** The dialogue memory of one session (stored as JSON between messages). */
export interface DialogueState {
  task?: {
    kind: TaskKind;
    awaiting?: SlotName;
    category?: string;
    service?: ServiceChoice;
    date?: string;
    time?: string;
    address?: string;
    phone?: string;
    bookingId?: string;
    transition?: 'accept' | 'start' | 'complete';
  };
  services?: ServiceChoice[];
  bookings?: BookingChoice[];
  pending?: { action: ToolName; parameters: Record<string, unknown>; confirmationToken: string };
  /** The user was told once that the language model is down and the built-in engine answers. */
  modelDownNoticed?: boolean;
}

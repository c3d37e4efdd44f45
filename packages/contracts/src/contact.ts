import type { Language } from './constants.js';
import type { ContactType } from './enums.js';

/** `POST /api/contact` */
export interface ContactRequest {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
  type?: ContactType;
  language?: Language;
}
export interface ContactResponse {
  id: string;
}

/** `POST /api/ai/chat` */
export interface ChatRequest {
  message: string;
  language?: Language;
  sessionId: string;
}
export interface ChatResponse {
  response: string;
  suggestions?: string[];
}

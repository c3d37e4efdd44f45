import { Body, Controller, Post } from '@nestjs/common';
import type { ContactResponse } from '@khidma/contracts';
import { Answers, Public, RateLimit } from '@khidma/nest-kit';
import { BOOKING_LIMITS } from '../http/rate-limits.js';
import { ContactService } from './contact.service.js';
import { CreateContactDto } from './dto/create-contact.dto.js';

@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** Public: the contact form works signed out. */
  @Public()
  @Post()
  @Answers(201, 'ContactResponse')
  @RateLimit(...BOOKING_LIMITS.contact)
  submit(@Body() dto: CreateContactDto): Promise<ContactResponse> {
    return this.contact.submit(dto);
  }
}

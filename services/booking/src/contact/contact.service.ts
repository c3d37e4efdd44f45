import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OutboxService } from '@khidma/nest-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CONTACT_RECEIVED, type ContactReceivedPayload } from './contact.events.js';
import { CreateContactDto } from './dto/create-contact.dto.js';
import { ContactMessage } from './entities/contact-message.entity.js';

@Injectable()
export class ContactService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  /** Stores the message and its event together: support hears of every stored message, and only those. */
  async submit(dto: CreateContactDto): Promise<{ id: string }> {
    const message: ContactReceivedPayload = {
      contactMessageId: randomUUID(),
      name: dto.name,
      email: dto.email,
      phone: dto.phone ?? null,
      subject: dto.subject,
      message: dto.message,
      type: dto.type,
      language: dto.language,
    };
    await this.dataSource.transaction(async (manager) => {
      const { contactMessageId, ...fields } = message;
      await manager.insert(ContactMessage, { id: contactMessageId, ...fields });
      await this.outbox.publishEvent(manager, CONTACT_RECEIVED, message);
    });
    return { id: message.contactMessageId };
  }
}

import { Module } from '@nestjs/common';
import { OutboxModule } from '@khidma/nest-kit';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';

@Module({
  imports: [OutboxModule],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}

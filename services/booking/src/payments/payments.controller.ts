import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER } from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, RateLimit } from '@khidma/nest-kit';
import { BOOKING_LIMITS } from '../http/rate-limits.js';
import type { FastifyReply } from 'fastify';
import { ProcessPaymentDto } from './dto/process-payment.dto.js';
import { PaymentsService } from './payments.service.js';

@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** 200 with the payment, or 402 with the decline; a retry with the same key gets the same answer. */
  @Post('process')
  @HttpCode(200)
  @Answers(200, 'ProcessPaymentResponse')
  @RateLimit(...BOOKING_LIMITS.payment)
  async process(
    @CurrentUser() user: AuthUser,
    @Body() dto: ProcessPaymentDto,
    @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    const { status, body } = await this.payments.process(user, dto, key);
    await reply.status(status).send(body);
  }
}

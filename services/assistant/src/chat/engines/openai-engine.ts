import { Logger } from '@nestjs/common';
import OpenAI from 'openai';
import type { AssistantConfig } from '../../config.js';
import type { AssistantReply } from '../../dialogue/dialogue.types.js';
import { type AssistantEngine, type EngineInput } from './assistant-engine.js';
import { systemPrompt } from './knowledge.js';

const TIMEOUT_MS = 20_000;

/**
 * Answers with any OpenAI-compatible chat-completions endpoint, briefed with the product facts and
 * the session's recent messages. Whatever goes wrong (network, status, empty answer) the user still
 * gets an answer: the built-in engine's.
 */
export class OpenAiEngine implements AssistantEngine {
  private readonly logger = new Logger('OpenAiEngine');
  private readonly client: OpenAI;
  private readonly model: string;

  constructor(
    config: Pick<AssistantConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>,
    private readonly fallback: AssistantEngine,
  ) {
    this.model = config.OPENAI_MODEL;
    // No retries: the fallback answers at once, better than keeping the user waiting on a sick endpoint.
    this.client = new OpenAI({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      maxRetries: 0,
      timeout: TIMEOUT_MS,
    });
  }

  async reply(input: EngineInput): Promise<AssistantReply> {
    try {
      const completion = await this.client.chat.completions.create({
        model: this.model,
        messages: [
          { role: 'system', content: systemPrompt(input.language) },
          ...input.history.map((turn) => ({ role: turn.role, content: turn.content })),
          { role: 'user', content: input.message },
        ],
      });
      const response = completion.choices[0]?.message?.content?.trim();
      if (!response) throw new Error('the model answered with no text');
      return { response };
    } catch (error) {
      this.logger.warn(
        `Model unavailable, answering with the built-in engine: ${error instanceof Error ? error.message : String(error)}`,
      );
      return this.fallback.reply(input);
    }
  }
}

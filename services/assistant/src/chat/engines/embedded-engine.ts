import { Injectable } from '@nestjs/common';
import { DialogueEngine } from '../../dialogue/dialogue.engine.js';
import type { AssistantReply } from '../../dialogue/dialogue.types.js';
import { type AssistantEngine, type EngineInput } from './assistant-engine.js';

/** The built-in engine (no key, no network): NLU, dialogue memory and the tool catalogue. */
@Injectable()
export class EmbeddedEngine implements AssistantEngine {
  constructor(private readonly dialogue: DialogueEngine) {}

  reply({ history: _history, ...input }: EngineInput): Promise<AssistantReply> {
    return this.dialogue.reply(input);
  }
}

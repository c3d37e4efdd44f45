import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AssistantAuditEntryDto, AssistantAuditKind, RegionCode } from '@khidma/contracts';
import { type AuthUser, Clock, SERVICE_CONFIG } from '@khidma/nest-kit';
import { IsNull, Repository } from 'typeorm';
import type { AssistantConfig } from '../config.js';
import { PublicApi, PublicApiError } from '../tools/public-api.js';
import { parseToolParameters, runTool, ToolAccessError, ToolInputError, type ToolName, type ToolResult } from '../tools/tool-catalogue.js';
import { parametersHash, readToken, signToken } from './confirmation-token.js';
import { AssistantAudit } from './entities/assistant-audit.entity.js';
import { AssistantProposal } from './entities/assistant-proposal.entity.js';

/** Who is asking: the verified user and the bearer token they sent (the assistant acts with it, nothing else). */
export interface Actor {
  user?: AuthUser;
  bearer?: string;
  sessionId: string;
  requestId?: string;
  /** Where the asker is (their region choice or browser locale): the calendar their dates are read in. */
  region?: RegionCode;
}

export interface Proposal {
  action: ToolName;
  parameters: Record<string, unknown>;
  confirmationToken: string;
  expiresAt: string;
}

/** Why a confirmation changed nothing. */
export type RefusalReason = 'sign_in_required' | 'invalid_token' | 'expired' | 'replayed' | 'other_user' | 'other_session' | 'mismatch' | 'invalid_parameters';

export class ConfirmationRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

/** The public API's refusal of a confirmed action (slot taken, too late to cancel, ...). */
export class ActionFailed extends Error {
  constructor(
    readonly code: string,
    readonly apiMessage: string,
  ) {
    super(code);
  }
}

/**
 * Proposals and confirmations: a change runs only after a proposal was made to this user in this
 * session and confirmed with its signed, single-use, short-lived token, through the same public API
 * the pages use. Every step is written to the audit log.
 */
@Injectable()
export class ActionsService {
  private readonly logger = new Logger('ActionsService');
  private readonly secret: string;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AssistantConfig,
    @InjectRepository(AssistantProposal) private readonly proposals: Repository<AssistantProposal>,
    @InjectRepository(AssistantAudit) private readonly audit: Repository<AssistantAudit>,
    private readonly clock: Clock,
  ) {
    this.secret = config.ASSISTANT_SIGNING_SECRET ?? signingKeyIn(config.DATA_DIR);
  }

  api(actor: Actor): PublicApi {
    return new PublicApi(this.config.GATEWAY_URL, actor.bearer, actor.requestId);
  }

  /** Runs a tool that changes nothing (search, lists) as the actor. */
  read<N extends ToolName>(name: N, actor: Actor, parameters: unknown): Promise<ToolResult<N>> {
    return runTool(name, { api: this.api(actor), user: actor.user }, parameters);
  }

  async record(kind: AssistantAuditKind, actor: Pick<Actor, 'user' | 'sessionId'>, action: string, parameters: unknown, result: string, proposalId: string | null = null) {
    await this.audit.insert({
      id: randomUUID(),
      kind,
      userId: actor.user?.id ?? null,
      sessionId: actor.sessionId,
      action,
      parameters: JSON.stringify(parameters ?? {}),
      result: result.slice(0, 64),
      proposalId,
      createdAt: this.clock.now(),
    });
  }

  /** A proposal for a signed-in user: validated parameters and the token that may confirm them once. */
  async propose<N extends ToolName>(actor: Actor, action: N, parameters: unknown): Promise<Proposal> {
    if (!actor.user) throw new ConfirmationRefused('sign_in_required');
    const valid = parseToolParameters(action, parameters) as Record<string, unknown>;
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.CONFIRMATION_TTL_MINUTES * 60_000);
    const id = randomUUID();
    await this.proposals.insert({
      id,
      userId: actor.user.id,
      sessionId: actor.sessionId,
      action,
      parameters: JSON.stringify(valid),
      createdAt: now,
      expiresAt,
      usedAt: null,
    });
    await this.record('proposal', actor, action, valid, 'ok', id);
    const confirmationToken = signToken(this.secret, {
      jti: id,
      uid: actor.user.id,
      sid: actor.sessionId,
      act: action,
      prm: parametersHash(valid),
      exp: expiresAt.getTime(),
    });
    return { action, parameters: valid, confirmationToken, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Checks the token against the actor, the session, the action and the parameters, uses it up, and
   * runs the action as the actor. Anything wrong changes nothing and says why.
   */
  async confirm<N extends ToolName>(actor: Actor, action: string, parameters: unknown, token: string): Promise<{ action: N; result: ToolResult<N> }> {
    const refuse = async (reason: RefusalReason, proposalId: string | null = null): Promise<never> => {
      await this.record('refusal', actor, action, parameters, reason, proposalId);
      throw new ConfirmationRefused(reason);
    };
    if (!actor.user) return refuse('sign_in_required');
    const claims = readToken(this.secret, token);
    if (!claims) return refuse('invalid_token');
    if (claims.uid !== actor.user.id) return refuse('other_user', claims.jti);
    if (claims.sid !== actor.sessionId) return refuse('other_session', claims.jti);
    if (claims.act !== action) return refuse('mismatch', claims.jti);
    let valid: Record<string, unknown>;
    try {
      valid = parseToolParameters(action as N, parameters) as Record<string, unknown>;
    } catch {
      return refuse('invalid_parameters', claims.jti);
    }
    if (claims.prm !== parametersHash(valid)) return refuse('mismatch', claims.jti);
    const now = this.clock.now();
    if (claims.exp <= now.getTime()) return refuse('expired', claims.jti);
    // Single use, even under concurrent confirmations: only one UPDATE finds usedAt still empty.
    const used = await this.proposals.update({ id: claims.jti, userId: actor.user.id, usedAt: IsNull() }, { usedAt: now });
    if (!used.affected) return refuse('replayed', claims.jti);
    await this.record('confirmation', actor, action, valid, 'ok', claims.jti);
    try {
      const result = await runTool(action as N, { api: this.api(actor), user: actor.user }, valid);
      await this.record('action', actor, action, valid, 'ok', claims.jti);
      return { action: action as N, result };
    } catch (error) {
      const code =
        error instanceof PublicApiError
          ? String(error.body.code ?? error.status)
          : error instanceof ToolAccessError || error instanceof ToolInputError
            ? error.message
            : 'internal_error';
      await this.record('action', actor, action, valid, code, claims.jti);
      if (!(error instanceof PublicApiError)) this.logger.error(`Confirmed ${action} failed: ${String(error)}`);
      throw new ActionFailed(code, error instanceof PublicApiError ? error.message : '');
    }
  }

  /** The latest audit lines (admins read them). */
  async latest(limit: number, userId?: string): Promise<AssistantAuditEntryDto[]> {
    const lines = await this.audit.find({ where: userId ? { userId } : {}, order: { createdAt: 'DESC' }, take: limit });
    return lines.map(({ parameters, createdAt, ...line }) => ({ ...line, parameters: JSON.parse(parameters) as unknown, createdAt: createdAt.toISOString() }));
  }
}

/** The signing key of this deployment's data directory, made on first start like the other dev keys. */
function signingKeyIn(dataDir: string): string {
  const file = join(dataDir, 'assistant-signing.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}

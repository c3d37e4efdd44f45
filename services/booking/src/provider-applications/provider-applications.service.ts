import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type ApplicationErrorCode, type BusinessDoc, type MyApplicationResponse, type ProviderApplicationDto, UPLOADS } from '@khidma/contracts';
import type { AuthUser } from '@khidma/nest-kit';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager, In } from 'typeorm';
import { BookingTransactions, isDuplicateKey } from '../bookings/transactions.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { documentNotFound, toApplicationDto } from './application-dto.js';
import { checkImage } from './document-images.js';
import { ProviderApplicationDto as ApplyDto } from './dto/provider-application.dto.js';
import { ProviderApplication } from './entities/provider-application.entity.js';
import { type DocumentKind, ProviderDocument } from './entities/provider-document.entity.js';

/** Required fields in the form's order (spec §5; `businessType` is the form's service category). */
const REQUIRED_FIELDS = ['businessName', 'ownerName', 'email', 'phone', 'businessAddress', 'businessType', 'experience', 'description'] as const;

const conflicts = {
  pending: () =>
    new ConflictException({
      code: 'application_pending',
      message: 'You already have a pending application. Please wait for admin review.',
    }),
  provider: () => new ConflictException({ code: 'already_provider', message: 'You are already an approved provider' }),
  // Approval makes the user a provider in identity, which would take an admin's role away.
  admin: () => new ConflictException({ code: 'admin_cannot_apply', message: 'Admin accounts cannot apply to be providers' }),
};

const badRequest = (code: ApplicationErrorCode | 'validation_failed', message: string, extra: object = {}) => new BadRequestException({ code, message, ...extra });

/** The city part of an address ("12 Rainbow St, Amman" -> "Amman"), when the form sent no city. */
const cityOf = (address: string) => address.split(',').map((part) => part.trim()).filter(Boolean).at(-1) ?? address;

type PlannedDocument = { kind: DocumentKind; dataUrl: unknown; label: string };

@Injectable()
export class ProviderApplicationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
  ) {}

  /**
   * Checks everything of spec §5 in the form's order and stores the application with its images in
   * one transaction: a refused application leaves nothing behind.
   */
  async apply(user: AuthUser, dto: ApplyDto): Promise<ProviderApplicationDto> {
    await this.refuseIfProviderOrPending(user);
    if (dto.agreedToTerms !== true) {
      throw badRequest('terms_required', 'Terms Required: please agree to the terms and conditions to continue');
    }
    const docs = this.docsOf(dto.businessDocs);
    const description = docs.flatMap((doc) => (doc.type === 'description' && typeof doc.text === 'string' ? [doc.text.trim()] : [])).join('\n\n');
    const values = { ...dto, description } as Record<string, unknown>;
    const missing = REQUIRED_FIELDS.filter((field) => typeof values[field] !== 'string' || values[field] === '');
    if (missing.length) {
      throw badRequest('missing_fields', `Missing Required Fields: ${missing.join(', ')}`, {
        fields: Object.fromEntries(missing.map((field) => [field, 'required'])),
      });
    }
    if (description.length > 5000) {
      throw badRequest('validation_failed', 'The description may be at most 5000 characters', { fields: { description: 'maxLength' } });
    }

    const planned = this.plannedDocuments(docs);
    const images = [];
    for (const document of planned) images.push({ ...document, ...(await checkImage(document.dataUrl, document.label)) });

    const application = this.dataSource.getRepository(ProviderApplication).create({
      id: randomUUID(),
      userId: user.id,
      pendingUserId: user.id,
      status: 'pending',
      businessName: dto.businessName!,
      ownerName: dto.ownerName!,
      email: dto.email!.toLowerCase(),
      phone: dto.phone!,
      businessAddress: dto.businessAddress!,
      city: dto.city || cityOf(dto.businessAddress!),
      businessType: dto.businessType!,
      experience: dto.experience!,
      description,
      licenseNumber: dto.licenseNumber || null,
      insuranceInfo: dto.insuranceInfo ?? '',
      hasLicense: dto.hasLicense ?? false,
      hasInsurance: dto.hasInsurance ?? false,
      language: dto.language,
      rejectionReason: null,
      reviewedBy: null,
      reviewedAt: null,
    });
    const documents = images.map((image) =>
      this.dataSource.getRepository(ProviderDocument).create({
        id: randomUUID(),
        applicationId: application.id,
        kind: image.kind,
        contentType: image.contentType,
        bytes: image.data.length,
        data: image.data,
      }),
    );
    try {
      await this.transactions.run(async (manager) => {
        await manager.insert(ProviderApplication, application);
        for (const document of documents) await manager.insert(ProviderDocument, document);
      });
    } catch (error) {
      // Two submissions at once: the unique pending key lets only one in.
      if (isDuplicateKey(error)) throw conflicts.pending();
      throw error;
    }
    return this.find(application.id);
  }

  /** The caller's latest application (any status), or null. */
  async mine(user: AuthUser): Promise<MyApplicationResponse> {
    const latest = await this.dataSource.getRepository(ProviderApplication).findOne({
      where: { userId: user.id },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return { application: latest ? (await this.withDocuments([latest]))[0]! : null };
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<ProviderApplicationDto> {
    const application = await manager.findOneBy(ProviderApplication, { id });
    if (!application) throw new NotFoundException({ code: 'not_found', message: 'Application not found' });
    return (await this.withDocuments([application], manager))[0]!;
  }

  /** Applications as the API shows them, their documents' metadata loaded in one query. */
  async withDocuments(applications: ProviderApplication[], manager: EntityManager = this.dataSource.manager): Promise<ProviderApplicationDto[]> {
    const documents = applications.length
      ? await manager.findBy(ProviderDocument, { applicationId: In(applications.map((application) => application.id)) })
      : [];
    return applications.map((application) =>
      toApplicationDto(application, documents.filter((document) => document.applicationId === application.id)),
    );
  }

  /** A document's image, for its applicant or an admin; anyone else is told it does not exist. */
  async document(user: AuthUser, id: string): Promise<{ contentType: string; data: Buffer }> {
    const found = await this.dataSource
      .getRepository(ProviderDocument)
      .createQueryBuilder('d')
      .addSelect('d.data')
      .innerJoin(ProviderApplication, 'a', 'a.id = d.applicationId')
      .addSelect('a.userId', 'ownerId')
      .where('d.id = :id', { id })
      .getRawAndEntities();
    const document = found.entities[0];
    const ownerId = (found.raw[0] as { ownerId?: string } | undefined)?.ownerId;
    if (!document || (user.role !== 'admin' && ownerId !== user.id)) {
      throw documentNotFound();
    }
    return { contentType: document.contentType, data: Buffer.from(document.data) };
  }

  /** A provider (by role or by an approved profile) or an admin cannot apply; neither can someone already waiting. */
  private async refuseIfProviderOrPending(user: AuthUser) {
    if (user.role === 'provider') throw conflicts.provider();
    if (user.role === 'admin') throw conflicts.admin();
    if (await this.dataSource.getRepository(Provider).existsBy({ userId: user.id, status: 'approved' })) throw conflicts.provider();
    if (await this.dataSource.getRepository(ProviderApplication).existsBy({ pendingUserId: user.id })) throw conflicts.pending();
  }

  private docsOf(value: unknown): BusinessDoc[] {
    if (value === undefined || value === null) return [];
    return value as BusinessDoc[];
  }

  /** ID images (1 to UPLOADS.maxIdFiles, front and back at most once each) and one certification. */
  private plannedDocuments(docs: BusinessDoc[]): PlannedDocument[] {
    const idCards = docs.filter((doc) => doc.type === 'id_card');
    const certifications = docs.filter((doc) => doc.type === 'certification');
    const unknown = docs.filter((doc) => !['id_card', 'certification', 'description'].includes(doc.type));
    if (unknown.length) throw badRequest('validation_failed', 'Unknown document type', { fields: { businessDocs: 'isIn' } });
    if (!idCards.length) throw badRequest('id_card_required', 'ID Card Required: please upload at least one ID card image');
    if (idCards.length > UPLOADS.maxIdFiles) {
      throw badRequest('too_many_id_files', `Upload at most ${UPLOADS.maxIdFiles} ID card images (front and back)`, {
        params: { max: UPLOADS.maxIdFiles },
      });
    }
    const sides = idCards.map((card) => card.side);
    if (sides.some((side) => side !== 'front' && side !== 'back') || new Set(sides).size !== sides.length) {
      throw badRequest('validation_failed', 'ID card images must be one front and at most one back', { fields: { businessDocs: 'side' } });
    }
    if (!certifications.length) throw badRequest('certification_required', 'Certification Required: please upload your certification');
    if (certifications.length > 1) {
      throw badRequest('validation_failed', 'Upload one certification image', { fields: { businessDocs: 'certification' } });
    }
    return [
      ...idCards.map((card) => ({
        kind: (card.side === 'front' ? 'id_card_front' : 'id_card_back') as DocumentKind,
        dataUrl: card.dataUrl,
        label: card.side === 'front' ? 'ID card (front)' : 'ID card (back)',
      })),
      { kind: 'certification' as const, dataUrl: certifications[0]!.dataUrl, label: 'Certification' },
    ];
  }
}
